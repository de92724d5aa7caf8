import Foundation
import Testing

@testable import EntraAuth

/// The environment of Microsoft's samples (CLIENT_ID, AUTHORITY, …), the other way to configure sitegen-auth.
struct AuthConfigEnvironmentTests {
    static let secret = strongSecret("cookie")
    static let environment = [
        "CLIENT_ID": TestProvider.clientID, "CLIENT_SECRET": "env-secret",
        "AUTHORITY": "https://login.microsoftonline.com/contoso.onmicrosoft.com",
        "REDIRECT_URI": "https://site.example/.auth/callback", "COOKIE_SECRET": secret,
    ]

    @Test func theEnvironmentOfMicrosoftsSamplesWorks() throws {
        let config = try AuthConfig.load(environment: Self.environment)
        #expect(
            config.serverMetadataURL.absoluteString
                == "https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0/.well-known/openid-configuration")
        #expect(config.clientID == TestProvider.clientID)
        #expect(config.clientAuthentication == .secretPost("env-secret"))
        #expect(config.callbackPath == "/.auth/callback")
        #expect(config.cookieSecrets == [Array(Self.secret.utf8)])
    }

    @Test(arguments: [
        "https://login.microsoftonline.com/common/", "https://login.microsoftonline.com/common/v2.0",
        "https://login.microsoftonline.com/common/v2.0/",
        "https://login.microsoftonline.com/common/v2.0/.well-known/openid-configuration",
    ])
    func authorityFormsAllReachTheV2Metadata(authority: String) throws {
        var environment = Self.environment
        environment["AUTHORITY"] = authority
        environment["ALLOWED_TENANTS"] = TestProvider.tenantID
        #expect(
            try AuthConfig.load(environment: environment).serverMetadataURL.absoluteString
                == "https://login.microsoftonline.com/common/v2.0/.well-known/openid-configuration")
    }

    @Test func oidcAuthorityIsUsedAsIs() throws {
        var environment = Self.environment
        environment["OIDC_AUTHORITY"] = "https://login.contoso.example/72f988bf-86f1-41af-91ab-2d7cd011db47"
        #expect(
            try AuthConfig.load(environment: environment).serverMetadataURL.absoluteString
                == "https://login.contoso.example/72f988bf-86f1-41af-91ab-2d7cd011db47/.well-known/openid-configuration"
        )
    }

    @Test func environmentErrorsNameTheVariable() {
        var environment = Self.environment
        environment["COOKIE_SECRET"] = "hunter2"
        let weak = #expect(throws: AuthError.self) { try AuthConfig.load(environment: environment) }
        #expect(weak?.description.contains("COOKIE_SECRET") == true)
        environment = Self.environment
        environment["AUTHORITY"] = "http://login.microsoftonline.com/common"
        let insecure = #expect(throws: AuthError.self) { try AuthConfig.load(environment: environment) }
        #expect(insecure?.description.contains("AUTHORITY") == true)
        environment = Self.environment
        environment["CLIENT_ID"] = nil
        let missing = #expect(throws: AuthError.self) { try AuthConfig.load(environment: environment) }
        #expect(missing?.description.contains("CLIENT_ID is missing") == true)
        environment = Self.environment
        environment["AUTHORITY"] = nil
        let noAuthority = #expect(throws: AuthError.self) { try AuthConfig.load(environment: environment) }
        let example = "AUTHORITY is missing: e.g. https://login.microsoftonline.com/<tenant id>"
        #expect(
            noAuthority?.description.hasSuffix(example) == true,
            "the example is of the variable, not of server_metadata_url")
        environment = Self.environment
        environment["CLIENT_ID"] = "my-app"
        let notAnID = #expect(throws: AuthError.self) { try AuthConfig.load(environment: environment) }
        let guid = "environment variable CLIENT_ID 'my-app' is no Application (client) ID, which is a GUID in Entra"
        #expect(notAnID?.description.contains(guid) == true)
    }
}
