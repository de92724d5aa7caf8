import AccessRules
import Testing

@testable import EntraAuth

/// `/.auth/check`, the `auth_request` target: 204 with identity headers, 401, 403, and fail-closed 5xx.
struct CheckEndpointTests {
    func check(_ harness: AuthHarness, _ uri: String?, jar: CookieJar = CookieJar()) -> Response {
        harness.get("/.auth/check", headers: uri.map { ["X-Original-URI": $0] } ?? [:], jar: jar)
    }

    @Test func anAllowedPathIs204WithIdentityHeaders() throws {
        let harness = try AuthHarness()
        let jar = try harness.jar(with: harness.session(roles: ["Finance.Read", "Site.Reader"]))
        let response = check(harness, "/secret/", jar: jar)
        #expect(response.status == 204)
        #expect(response.body.isEmpty)
        #expect(response.header("X-Auth-User") == "00000000-0000-0000-66f3-3332eca7ea81")
        #expect(response.header("X-Auth-Name") == "Ann Lee")
        #expect(response.header("X-Auth-Email") == "ann.lee@contoso.example")
        #expect(response.header("X-Auth-Roles") == "Finance.Read,Site.Reader")
        #expect(response.header("X-Auth-Tenant") == TestProvider.tenantID)
        #expect(response.header("Cache-Control") == "no-store")
        #expect(response.header("X-Accel-Expires") == nil)
    }

    @Test func aSignedInSessionFromARealSignInPassesTheCheck() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        #expect(try harness.signIn(jar: &jar).status == 303)
        #expect(check(harness, "/docs/", jar: jar).status == 204)
        #expect(check(harness, "/secret/", jar: jar).status == 204)
        #expect(check(harness, "/payroll/", jar: jar).status == 403)
    }

    @Test func restrictedPathsAreMarkedSoNginxForbidsStoringThem() throws {
        let harness = try AuthHarness()
        let jar = try harness.jar(with: harness.session(roles: ["Finance.Read"]))
        #expect(check(harness, "/", jar: jar).header("X-Auth-Restricted") == nil)
        #expect(check(harness, "/").header("X-Auth-Restricted") == nil)
        for uri in ["/docs/a", "/secret/", "/payroll/"] {
            #expect(check(harness, uri, jar: jar).header("X-Auth-Restricted") == "1", "\(uri)")
            #expect(check(harness, uri).header("X-Auth-Restricted") == "1", "\(uri)")
        }
    }

    @Test func publicPathsNeedNoSession() throws {
        let harness = try AuthHarness()
        let response = check(harness, "/")
        #expect(response.status == 204)
        #expect(response.header("X-Auth-User") == nil)
    }

    /// nginx keys its check cache on the whole Cookie header: answers anyone can vary the key of stay uncached.
    @Test(arguments: ["", "sitegen-session=forged", "junk=1; other=2"])
    func answersWithoutAValidSessionAreKeptOutOfTheNginxCache(cookie: String) throws {
        let harness = try AuthHarness()
        let headers = ["X-Original-URI": "/"].merging(cookie.isEmpty ? [:] : ["Cookie": cookie]) { first, _ in first }
        let response = harness.get("/.auth/check", headers: headers)
        #expect(response.status == 204)
        #expect(response.header("X-Accel-Expires") == "0")
    }

    @Test(arguments: ["/docs/", "/docs/a", "/secret/", "/unlisted/", "/docs/../secret/"])
    func withoutASessionProtectedPathsAre401(uri: String) throws {
        let harness = try AuthHarness()
        #expect(check(harness, uri).status == 401)
    }

    @Test func aPathTheUserMayNotReadIs403WithTheRequirement() throws {
        let harness = try AuthHarness()
        let jar = try harness.jar(with: harness.session(roles: []))
        let response = check(harness, "/secret/", jar: jar)
        #expect(response.status == 403)
        #expect(response.header("X-Auth-Required") == "the app role Finance.Read")
        #expect(response.header("X-Auth-User") != nil)
        #expect(check(harness, "/a/../secret/index.html", jar: jar).status == 403)
        #expect(check(harness, "/docs/", jar: jar).status == 204)
    }

    @Test func forgedOrGarbageCookiesAre401() throws {
        let harness = try AuthHarness()
        let genuine = try harness.jar(with: harness.session())
        let value = try #require(genuine.value("__Host-sitegen-session"))
        let other = try AuthHarness(cookieSecret: "attacker")
        let forged = try other.jar(with: other.session())

        for cookie in [
            "__Host-sitegen-session=garbage", "__Host-sitegen-session=", "__Host-sitegen-session=" + value.dropLast(3),
            "__Host-sitegen-session=B" + value.dropFirst(), "sitegen-session=" + value, forged.header,
        ] {
            let response = harness.get(
                "/.auth/check", headers: ["X-Original-URI": "/docs/", "Cookie": cookie])
            #expect(response.status == 401, "\(cookie.prefix(40))")
            #expect(response.header("X-Auth-User") == nil)
        }
    }

    @Test func anExpiredSessionIs401() throws {
        let harness = try AuthHarness()
        let jar = try harness.jar(with: harness.session())
        harness.clock.advance(by: 8 * 3600)
        #expect(check(harness, "/docs/", jar: jar).status == 401)
    }

    @Test func withoutAManifestTheCheckFailsClosed() throws {
        let harness = try AuthHarness(manifest: nil)
        let jar = try harness.jar(with: harness.session())
        for uri in ["/", "/docs/", "/secret/"] {
            let response = check(harness, uri, jar: jar)
            #expect(response.status >= 500, "\(uri)")
        }
    }

    @Test func aMissingOriginalURIFailsClosed() throws {
        let harness = try AuthHarness()
        let jar = try harness.jar(with: harness.session())
        let response = check(harness, nil, jar: jar)
        #expect(response.status >= 500)
        #expect(response.text.contains("X-Original-URI"))
    }

    @Test func claimsCannotSplitIdentityHeaders() throws {
        let harness = try AuthHarness()
        var session = harness.session()
        session.name = "Ann\r\nX-Auth-Roles: Admin"
        let response = check(harness, "/docs/", jar: try harness.jar(with: session))
        #expect(response.header("X-Auth-Name") == "AnnX-Auth-Roles: Admin")
        #expect(response.headers("X-Auth-Roles") == ["Finance.Read"])
    }

    @Test func theCheckLogsNothingAndFetchesNothing() throws {
        let harness = try AuthHarness()
        let jar = try harness.jar(with: harness.session())
        let linesBefore = harness.logs.lines.count
        _ = check(harness, "/secret/", jar: jar)
        _ = check(harness, "/payroll/", jar: jar)
        _ = check(harness, "/docs/")
        #expect(harness.logs.lines.count == linesBefore)
        #expect(harness.http.callCount(harness.idp.jwksURI) == 1)
    }
}
