import AccessRules
import Foundation
import Testing

@testable import EntraAuth

/// Multi-tenant scoping: who may sign in at all, whose roles and groups count, and that every check applies the
/// configuration of today rather than the one a session was signed in under.
struct TenantScopeTests {
    static let otherTenant = TestProvider.otherTenantID

    func check(_ harness: AuthHarness, _ uri: String, jar: CookieJar) -> Response {
        harness.get("/.auth/check", headers: ["X-Original-URI": uri], jar: jar)
    }

    /// Ann's session, but from `tenant`.
    func session(_ harness: AuthHarness, tenant: String) -> Session {
        var session = harness.session(roles: ["Finance.Read"])
        session.tenantID = tenant
        return session
    }

    @Test func aSessionFromATenantNoLongerAllowedOpensNothingAndIsNotGreeted() throws {
        let signedInUnderOldConfig = try AuthHarness(cookieSecret: "shared")
        let jar = try signedInUnderOldConfig.jar(with: session(signedInUnderOldConfig, tenant: Self.otherTenant))
        #expect(check(signedInUnderOldConfig, "/docs/", jar: jar).status == 204)

        // The same store under today's configuration: the session is still there, and opens nothing.
        let today = try AuthHarness(
            allowedTenants: [TestProvider.tenantID], sessionStore: signedInUnderOldConfig.sessionStore,
            cookieSecret: "shared")
        #expect(try today.sessionStore.countLive() == 1)
        let refused = check(today, "/docs/", jar: jar)
        #expect(refused.status == 401)
        #expect(refused.header("X-Auth-User") == nil)
        #expect(check(today, "/", jar: jar).header("X-Auth-Name") == nil)
        #expect(today.get("/.auth/me", jar: jar).status == 401)
    }

    @Test func aSessionSignedInUnderAnotherAuthorityOpensNothing() throws {
        let organizations = try AuthHarness(
            allowedTenants: [TestProvider.tenantID, Self.otherTenant], roleTenants: [TestProvider.tenantID],
            cookieSecret: "shared", idp: .multiTenant("organizations"))
        let jar = try organizations.jar(with: session(organizations, tenant: Self.otherTenant))
        #expect(check(organizations, "/secret/", jar: jar).status == 403, "another tenant's roles do not count")

        // The site now names one tenant as its authority, where every reader's roles count: the session was
        // signed in under organizations, and its tenant and roles were never vouched for by the new authority.
        let homeTenant = try AuthHarness(sessionStore: organizations.sessionStore, cookieSecret: "shared")
        #expect(check(homeTenant, "/secret/", jar: jar).status == 401)
        #expect(check(homeTenant, "/docs/", jar: jar).status == 401)
        #expect(homeTenant.get("/.auth/me", jar: jar).status == 401)
    }

    @Test func rolesCountOnlyForReadersOfTheRoleTenants() throws {
        let harness = try AuthHarness(
            allowedTenants: [TestProvider.tenantID, Self.otherTenant], roleTenants: [TestProvider.tenantID],
            idp: .multiTenant("organizations"))
        let home = try harness.jar(with: session(harness, tenant: TestProvider.tenantID))
        #expect(check(harness, "/secret/", jar: home).status == 204)

        // An administrator of the other tenant gave their own user Finance.Read: it does not count here.
        let guest = try harness.jar(with: session(harness, tenant: Self.otherTenant))
        let refused = check(harness, "/secret/", jar: guest)
        #expect(refused.status == 403)
        #expect(refused.header("X-Auth-Roles") == "")
        #expect(check(harness, "/docs/", jar: guest).status == 204, "signed-in pages stay open to admitted tenants")
        #expect(harness.get("/.auth/me", jar: guest).text.contains(#""roles":[]"#))
    }

    @Test func groupsCountOnlyForReadersOfTheRoleTenantsToo() {
        var session = Session(
            id: "s", tenantID: Self.otherTenant, objectID: "o", subject: "s", name: "", preferredUsername: "",
            email: "", roles: ["Finance.Read"], groups: [AuthHarness.teamGroup], loginHint: nil,
            providerSessionID: nil, issuedAt: 0, expiresAt: 1)
        let scope = TenantScope(allowedTenants: [], roleTenants: [TestProvider.tenantID.uppercased()])
        #expect(scope.identity(of: session)?.groups == [])
        session.tenantID = TestProvider.tenantID
        #expect(scope.identity(of: session)?.groups == [AuthHarness.teamGroup])
        #expect(TenantScope(allowedTenants: [], roleTenants: nil).identity(of: session)?.roles == ["Finance.Read"])
    }

    /// Another tenant's administrator can set any `mail` on their own users, and Entra may send it as `email`:
    /// an `emails:` condition must not let that reader in.
    @Test func addressesCountOnlyForReadersOfTheRoleTenantsToo() {
        var session = Session(
            id: "s", tenantID: Self.otherTenant, objectID: "o", subject: "s", name: "", preferredUsername: "",
            email: "chair@acme.example", roles: [], groups: [], loginHint: nil, providerSessionID: nil, issuedAt: 0,
            expiresAt: 1)
        let chair = AccessRule.restricted(Requirement(emails: ["Chair@acme.example"]))
        let scope = TenantScope(allowedTenants: [], roleTenants: [TestProvider.tenantID])
        #expect(chair.allows(scope.identity(of: session), emailRulesAllowed: true) == false)
        session.tenantID = TestProvider.tenantID
        #expect(chair.allows(scope.identity(of: session), emailRulesAllowed: true))
        session.tenantID = Self.otherTenant
        #expect(
            chair.allows(
                TenantScope(allowedTenants: [], roleTenants: nil).identity(of: session), emailRulesAllowed: true))
    }

    static let base = """
        [auth]
        redirect_uri = "https://site.example/.auth/callback"
        cookie_secret = "\(strongSecret())"
        client_id = "\(TestProvider.clientID)"
        client_secret = "s"

        """

    func load(_ lines: String) throws -> AuthConfig {
        let folder = TemporaryFolder()
        return try AuthConfig.load(file: try folder.write("auth.toml", Self.base + lines))
    }

    func metadata(_ segment: String) -> String {
        "server_metadata_url = \"https://login.microsoftonline.com/\(segment)/v2.0/.well-known/openid-configuration\"\n"
    }

    @Test(arguments: ["common", "organizations", "Organizations"])
    func aMultiTenantAuthorityWithoutAllowedTenantsRefusesToStart(segment: String) {
        let error = #expect(throws: AuthError.self) { try load(metadata(segment)) }
        #expect(error?.description.contains("is a multi-tenant authority") == true)
        #expect(error?.description.contains("set allowed_tenants (ALLOWED_TENANTS)") == true)
    }

    @Test func anyTenantMustBeAskedForExplicitlyAndNotTogetherWithAList() throws {
        let any = try load(metadata("common") + "allow_any_tenant = true\n")
        #expect(any.allowsAnyTenant && any.allowedTenants.isEmpty)
        let both = #expect(throws: AuthError.self) {
            try load(metadata("common") + "allow_any_tenant = true\nallowed_tenants = [\"\(TestProvider.tenantID)\"]\n")
        }
        #expect(both?.description.contains("are both set") == true)
    }

    @Test func roleTenantsDefaultToNoneForMultiTenantAndToEveryoneForASingleTenant() throws {
        let multi = try load(metadata("organizations") + "allowed_tenants = [\"\(TestProvider.tenantID)\"]\n")
        #expect(multi.roleTenants == [])
        #expect(multi.roleTenantsWarning?.contains("admit no one") == true)
        let named = try load(
            metadata("organizations") + "allowed_tenants = [\"\(TestProvider.tenantID)\"]\n"
                + "role_tenants = [\"\(TestProvider.tenantID.uppercased())\"]\n")
        #expect(named.roleTenants == [TestProvider.tenantID])
        #expect(named.roleTenantsWarning == nil)
        let single = try load(metadata(TestProvider.tenantID))
        #expect(single.roleTenants == nil)
        let bad = #expect(throws: AuthError.self) {
            try load(metadata(TestProvider.tenantID) + "role_tenants = [\"x\"]\n")
        }
        #expect(bad?.description.contains("is not a tenant id") == true)
    }

    @Test func theEnvironmentCanScopeTenantsToo() throws {
        let config = try AuthConfig.load(environment: [
            "CLIENT_ID": TestProvider.clientID, "CLIENT_SECRET": "s", "COOKIE_SECRET": strongSecret(),
            "AUTHORITY": "https://login.microsoftonline.com/organizations",
            "REDIRECT_URI": "https://site.example/.auth/callback", "ALLOW_ANY_TENANT": "true",
            "ROLE_TENANTS": TestProvider.tenantID,
        ])
        #expect(config.allowsAnyTenant)
        #expect(config.roleTenants == [TestProvider.tenantID])
    }
}
