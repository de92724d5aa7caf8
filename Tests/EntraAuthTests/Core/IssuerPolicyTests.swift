import Foundation
import Testing

@testable import EntraAuth

private let tenant = TestProvider.tenantID
private let other = TestProvider.otherTenantID

/// Deciding how `iss` is checked from the configured authority and the discovered issuer.
struct IssuerPolicyTests {
    static let template = "https://login.microsoftonline.com/{tenantid}/v2.0"

    func metadata(_ authority: String) -> URL {
        URL(string: authority + "/.well-known/openid-configuration")!
    }

    func resolve(_ authority: String, _ issuer: String) throws -> IssuerPolicy {
        try IssuerPolicy.resolve(metadataURL: metadata(authority), discoveredIssuer: issuer)
    }

    @Test(arguments: ["organizations", "common", "Organizations"])
    func multiTenantTemplatesSubstituteTheTokensTid(segment: String) throws {
        let policy = try resolve("https://login.microsoftonline.com/\(segment)/v2.0", Self.template)
        #expect(policy == .tenantTemplate(Self.template))
        let issuer = "https://login.microsoftonline.com/\(tenant)/v2.0"
        #expect(policy.check(issuer: issuer, tenantID: tenant) == nil)
        #expect(policy.check(issuer: issuer, tenantID: other) != nil)
        #expect(policy.check(issuer: "https://login.microsoftonline.com/{tenantid}/v2.0", tenantID: tenant) != nil)
    }

    @Test(arguments: [
        nil, "", "contoso.onmicrosoft.com", "../\(tenant)", "72f988bf86f141af91ab2d7cd011db47",
        "72f988bf-86f1-41af-91ab-2d7cd011db4g", "72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0?x=",
    ])
    func multiTenantTemplatesRefuseATidThatIsNotAGUID(tid: String?) throws {
        let policy = try resolve("https://login.microsoftonline.com/organizations/v2.0", Self.template)
        let issuer = Self.template.replacingOccurrences(of: "{tenantid}", with: tid ?? "")
        let problem = policy.check(issuer: issuer, tenantID: tid)
        #expect(problem?.contains("GUID") == true)
    }

    @Test func consumersAcceptsThePersonalAccountsTenantIssuer() throws {
        let issuer = "https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0"
        let policy = try resolve("https://login.microsoftonline.com/consumers/v2.0", issuer)
        #expect(policy == .exact(issuer))
        #expect(policy.check(issuer: issuer, tenantID: TenantID.consumers) == nil)
        #expect(policy.check(issuer: "https://login.microsoftonline.com/\(tenant)/v2.0", tenantID: nil) != nil)
        #expect(throws: AuthError.self) {
            try resolve(
                "https://login.microsoftonline.com/consumers/v2.0", "https://login.microsoftonline.com/\(tenant)/v2.0")
        }
    }

    @Test func aSingleTenantIssuerIsComparedExactly() throws {
        let issuer = "https://login.microsoftonline.com/\(tenant)/v2.0"
        let policy = try resolve(issuer, issuer)
        #expect(policy == .exact(issuer))
        #expect(policy.check(issuer: issuer, tenantID: tenant) == nil)
        #expect(policy.check(issuer: issuer + "/", tenantID: tenant) != nil)
        #expect(policy.check(issuer: "https://login.microsoftonline.com/\(other)/v2.0", tenantID: other) != nil)
        #expect(policy.check(issuer: "https://sts.windows.net/\(tenant)/", tenantID: tenant) != nil)
    }

    @Test func aTenantConfiguredByDomainNameAcceptsItsGUIDIssuer() throws {
        let issuer = "https://login.microsoftonline.com/\(tenant)/v2.0"
        let policy = try resolve("https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0", issuer)
        #expect(policy == .exact(issuer))
        #expect(policy.check(issuer: issuer, tenantID: tenant) == nil)
    }

    @Test func anExternalCIAMTenantAcceptsItsGUIDHostIssuer() throws {
        let issuer = "https://\(tenant).ciamlogin.com/\(tenant)/v2.0"
        let policy = try resolve("https://contoso.ciamlogin.com/contoso.onmicrosoft.com/v2.0", issuer)
        #expect(policy == .exact(issuer))
        #expect(policy.check(issuer: issuer, tenantID: tenant) == nil)
    }

    @Test(arguments: [
        // A single tenant must publish its own GUID.
        ("https://login.microsoftonline.com/\(tenant)/v2.0", "https://login.microsoftonline.com/\(other)/v2.0"),
        // Mismatched hosts are refused, even with a matching path.
        ("https://login.microsoftonline.com/\(tenant)/v2.0", "https://evil.example/\(tenant)/v2.0"),
        ("https://login.microsoftonline.com/organizations/v2.0", "https://evil.example/{tenantid}/v2.0"),
        ("https://login.microsoftonline.com/common/v2.0", "https://login.microsoftonline.com/common/v2.0/extra"),
        (
            "https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0",
            "https://login.microsoftonline.com/fabrikam/v2.0"
        ),
        ("https://contoso.ciamlogin.com/contoso.onmicrosoft.com/v2.0", "https://\(other).evil.example/\(other)/v2.0"),
        ("https://contoso.ciamlogin.com/contoso.onmicrosoft.com/v2.0", "https://\(tenant).ciamlogin.com/\(other)/v2.0"),
        // A single-tenant authority must not accept the multi-tenant template.
        ("https://login.microsoftonline.com/\(tenant)/v2.0", "https://login.microsoftonline.com/{tenantid}/v2.0"),
        ("https://login.microsoftonline.com/\(tenant)/v2.0", "http://login.microsoftonline.com/\(tenant)/v2.0"),
        ("https://login.microsoftonline.com/\(tenant)/v2.0", "https://login.microsoftonline.com/\(tenant)"),
    ])
    func aDiscoveredIssuerOutsideTheAuthorityIsAStartUpError(authority: String, issuer: String) {
        let error = #expect(throws: AuthError.self) { try resolve(authority, issuer) }
        #expect(error?.description.contains("does not match the configured authority") == true)
    }

    @Test func anIdentityProviderWhoseDiscoveryNamesAnotherIssuerDoesNotStart() throws {
        let folder = TemporaryFolder()
        let http = FakeHTTPClient()
        let idp = TestProvider.singleTenant
        idp.serve(on: http)
        http.answer(
            idp.metadataURL, body: idp.discoveryDocument(issuer: "https://login.microsoftonline.com/\(other)/v2.0"))
        let provider = IdentityProvider(
            metadataURL: idp.metadataURL, http: http, time: MovableClock(), cacheDirectory: folder.path,
            log: AuthLog { _ in })
        let error = #expect(throws: AuthError.self) { try provider.start() }
        #expect(error?.description.contains("server_metadata_url") == true)
        #expect(!provider.isReady)
    }

    /// ENTRA.md: a discovered issuer that does not fit the configured authority is a start-up error, not a provider
    /// that is merely unreachable (with which the service starts and keeps retrying).
    @Test func theServiceDoesNotStartWhenDiscoveryNamesAnotherIssuer() throws {
        let harness = try AuthHarness(startProvider: false)
        harness.http.answer(
            harness.idp.metadataURL,
            body: harness.idp.discoveryDocument(issuer: "https://login.microsoftonline.com/\(other)/v2.0"))
        let service = AuthService(
            config: harness.config, http: harness.http, log: harness.logs.log(time: harness.clock))
        let error = #expect(throws: AuthError.self) { try service.start() }
        #expect(error?.description.contains("does not match the configured authority") == true)
        #expect(harness.logs.lines.contains { $0.contains("event=provider_refused") })
    }
}
