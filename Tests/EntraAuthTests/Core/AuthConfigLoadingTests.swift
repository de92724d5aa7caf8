import AccessRules
import Foundation
import Testing

@testable import EntraAuth

/// The `[auth]` table users paste from Streamlit's `secrets.toml`, and the environment of Microsoft's samples.
struct AuthConfigLoadingTests {
    static let secret = strongSecret("cookie")
    static let streamlit = """
        [auth]
        redirect_uri = "https://site.example/oauth2callback"
        cookie_secret = "\(secret)"
        client_id = "\(TestProvider.clientID)"
        client_secret = "Xq8~client.secret"
        server_metadata_url = "https://login.microsoftonline.com/consumers/v2.0/.well-known/openid-configuration"
        """

    let folder = TemporaryFolder()

    func load(_ text: String) throws -> AuthConfig {
        try AuthConfig.load(file: try folder.write("auth.toml", text))
    }

    /// The Streamlit table with `line` added (or replacing the key it sets).
    func load(with line: String) throws -> AuthConfig {
        try load(variant(line))
    }

    func variant(_ line: String) -> String {
        let key = line.split(separator: "=")[0].trimmingCharacters(in: .whitespaces)
        let kept = Self.streamlit.split(separator: "\n").filter { !$0.hasPrefix(key + " ") }
        return (kept + [Substring(line)]).joined(separator: "\n") + "\n"
    }

    /// The message of the `AuthError` (kind `.config`) loading `text` throws.
    func error(_ text: String) -> String {
        let error = #expect(throws: AuthError.self) { try load(text) }
        return error?.description ?? ""
    }

    @Test func readsTheStreamlitShapedTable() throws {
        let config = try load(Self.streamlit)
        #expect(config.redirectURI.absoluteString == "https://site.example/oauth2callback")
        #expect(config.callbackPath == "/oauth2callback")
        #expect(config.origin == "https://site.example")
        #expect(config.isSecureSite)
        #expect(config.clientID == TestProvider.clientID)
        #expect(config.clientAuthentication == .secretPost("Xq8~client.secret"))
        #expect(config.cookieSecrets == [Array(Self.secret.utf8)])
        #expect(config.serverMetadataURL.path == "/consumers/v2.0/.well-known/openid-configuration")
        #expect(config.sessionLifetime == 8 * 3600)
        #expect(config.postLogoutRedirectURI.absoluteString == "https://site.example/signed-out/")
        #expect(config.allowedTenants.isEmpty)
        #expect(config.unknownPaths == .deny)
        #expect(!config.allowEmailRules)
    }

    @Test func readsTheOptionalKeys() throws {
        let text =
            Self.streamlit + """

                post_logout_redirect_uri = "https://site.example/bye/"
                scopes = ["openid", "User.Read", "offline_access"]
                allowed_tenants = ["72F988BF-86F1-41AF-91AB-2D7CD011DB47"]
                session_lifetime = "1h30m"
                token_endpoint_auth = "client_secret_basic"
                prompt = "select_account"
                domain_hint = "contoso.example"
                manifest = "public/.sitegen/access.json"
                allow_email_rules = true
                unknown_paths = "signed-in"
                cache_dir = "cache"
                """
        let config = try load(text)
        #expect(config.postLogoutRedirectURI.absoluteString == "https://site.example/bye/")
        #expect(config.extraScopes == ["User.Read", "offline_access"])
        #expect(config.allowedTenants == [TestProvider.tenantID])
        #expect(config.sessionLifetime == 5400)
        #expect(config.clientAuthentication == .secretBasic("Xq8~client.secret"))
        #expect(config.prompt == "select_account")
        #expect(config.domainHint == "contoso.example")
        #expect(config.manifestPath == folder.path + "/public/.sitegen/access.json")
        #expect(config.allowEmailRules)
        #expect(config.unknownPaths == .signedIn)
        #expect(config.cacheDirectory == folder.path + "/cache")
    }

    /// Found by Fuzz/fuzz-config: the TOML parser aborted the process on a header without a name.
    @Test(arguments: [("[#", 7), ("[=]", 7), ("[[ *]]", 7), ("prompt = \"login\"\n\n[ \u{E9}]", 9)])
    func aTableHeaderWithoutANameIsAnErrorWithItsLine(header: String, line: Int) {
        let message = error(Self.streamlit + "\n" + header + "\n")
        #expect(message.hasSuffix("auth.toml:\(line): a table header needs a name after '[', e.g. [params]"))
    }

    /// Found by Fuzz/fuzz-config: the TOML parser aborted on a `}` where an array expects a value.
    @Test(arguments: [
        ("scopes = [\"a\", }]", "'}' closes no inline table here"), ("scopes = [}", "'}' closes no inline table here"),
        ("scopes = {a = ]", "']' closes no array here"),
    ])
    func aBracketClosingWhatIsNotOpenIsAnError(line: String, message: String) {
        #expect(error(Self.streamlit + "\n" + line + "\n").hasSuffix("auth.toml:7: \(message)"))
    }

    /// Found by Fuzz/fuzz-config: the TOML parser aborted on a date, a space and one digit.
    @Test(arguments: [
        "prompt = 1979-05-27 1", "prompt = 1979-05-2= 1", "prompt = [1979-05-27 1]",
        // Found by fuzz-config: ten characters, not ten bytes (the parser counts the middle dot once).
        "prompt = 19\u{B7}9-0=-2= 1", "prompt = 19\u{FFFD}9-0=-2= 1",
        // Found by the fuzz smoke run: the value ends at any whitespace the parser knows, a vertical tab too.
        "prompt = 1979-05-2= 1\u{0B}", "prompt = 1979-05-27 1\u{A0}", "prompt = 1979-05-27 1\u{2028}",
    ])
    func aDateAndALoneDigitIsAnError(line: String) {
        let message = error(Self.streamlit + "\n" + line + "\n")
        #expect(
            message.hasSuffix("auth.toml:7: a date and a space must be followed by a time, e.g. 1979-05-27 07:32:00"))
    }

    /// Found by Fuzz/fuzz-config: the TOML parser aborted on a date and `T` with no time after it.
    @Test(arguments: ["prompt = 1979-05-27T", "prompt = 1979-05-27Tx", "prompt = [1979-05-27t\u{FFFD}]"])
    func aDateWithoutItsTimeIsAnError(line: String) {
        let message = error(Self.streamlit + "\n" + line + "\n")
        #expect(message.hasSuffix("auth.toml:7: a date and 'T' must be followed by a time, e.g. 1979-05-27T07:32:00"))
    }

    @Test func headerLikeLinesInStringsAreNotHeaders() throws {
        _ = try load(with: "client_secret = \"\"\"\n[# not a header\n\"\"\"")
        _ = try load(with: "client_secret = '''\n[=]'''")
    }

    @Test func anUnknownKeyIsNamedWithTheClosestValidOne() {
        let message = error(Self.streamlit.replacingOccurrences(of: "client_secret =", with: "client_secrt ="))
        #expect(message.contains("'client_secrt'"))
        #expect(message.contains("did you mean 'client_secret'"))
        #expect(message.contains("auth.toml"))
    }

    @Test func anUnrelatedUnknownKeyIsNamedWithoutAGuess() {
        let message = error(variant("favourite_colour = \"teal\""))
        #expect(message.contains("unknown key 'favourite_colour'"))
        #expect(!message.contains("did you mean"))
    }

    @Test(arguments: [
        "password123", "correct horse battery staple", String(repeating: "a", count: 64),
        String(repeating: "ab", count: 40), "0123456789abcdef0123456789abcdef",
        // Long enough and many characters, but a pattern said again.
        String(repeating: "0123456789abcdef", count: 4), String(repeating: "abcdefghijklmnop", count: 3),
        "passwordpasswordpasswordpassword1234567890ABCDEF",
    ])
    func aWeakCookieSecretIsRefusedWithHowToMakeOne(secret: String) {
        let message = error(variant("cookie_secret = \"\(secret)\""))
        #expect(message.contains("too weak"))
        #expect(message.contains("openssl rand"))
        #expect(!message.contains(secret))
    }

    @Test func strongSecretsFromOpenSSLAreAccepted() throws {
        // `openssl rand -hex 32` and `openssl rand -base64 32` outputs.
        let hex = "5b0f4c1e9a7d3b2f8e6c4a1d0b9e7f3c2a5d8e1f4b7c0a3d6e9f2b5c8e1a4d7f"
        #expect(try load(with: "cookie_secret = \"\(hex)\"").cookieSecrets == [Array(hex.utf8)])
        let base64 = "q3Jt8Zx0VbN5mW2kLp7YcH4sDf9GuE1aRiT6oQwXeJ0="
        #expect(try load(with: "cookie_secret = \"\(base64)\"").cookieSecrets == [Array(base64.utf8)])
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(CookieSecretStrength.isStrong(Data(bytes).base64EncodedString()))
            #expect(CookieSecretStrength.isStrong(bytes.map { String(format: "%02x", $0) }.joined()))
        }
    }

    @Test func aMissingCookieSecretSaysHowToMakeOne() {
        let text = Self.streamlit.split(separator: "\n").filter { !$0.hasPrefix("cookie_secret") }.joined(
            separator: "\n")
        let message = error(text)
        #expect(message.contains("cookie_secret is missing"))
        #expect(message.contains("openssl rand"))
    }

    @Test func aListOfCookieSecretsRotates() throws {
        let next = strongSecret("next")
        let config = try load(with: "cookie_secret = [\"\(next)\", \"\(Self.secret)\"]")
        #expect(config.cookieSecrets == [Array(next.utf8), Array(Self.secret.utf8)])
        #expect(error(variant("cookie_secret = [\"\(next)\", \"weak\"]")).contains("too weak"))
    }

    @Test func secretsComeFromFilesRelativeToTheConfig() throws {
        let next = strongSecret("next")
        try folder.write("cookie.secret", "\(next)\n\n  \(Self.secret)  \n")
        try folder.write("client.secret", "from-a-file\n")
        let text =
            Self.streamlit.split(separator: "\n")
            .filter { !$0.hasPrefix("cookie_secret") && !$0.hasPrefix("client_secret") }
            .joined(separator: "\n")
            + "\ncookie_secret_file = \"cookie.secret\"\nclient_secret_file = \"\(folder.path)/client.secret\"\n"
        let config = try load(text)
        #expect(config.cookieSecrets == [Array(next.utf8), Array(Self.secret.utf8)])
        #expect(config.clientAuthentication == .secretPost("from-a-file"))
    }

    @Test func secretFilesThatCannotBeUsedAreNamed() throws {
        let missing = error(variant("client_secret_file = \"nowhere.secret\""))
        #expect(missing.contains("client_secret"))
        let withoutInline = Self.streamlit.split(separator: "\n").filter { !$0.hasPrefix("client_secret") }
            .joined(separator: "\n")
        #expect(error(withoutInline + "\nclient_secret_file = \"nowhere.secret\"\n").contains("cannot read"))
        try folder.write("empty.secret", "\n  \n")
        #expect(error(withoutInline + "\nclient_secret_file = \"empty.secret\"\n").contains("is empty"))
    }

    @Test(arguments: [
        "http://login.microsoftonline.com/common/v2.0/.well-known/openid-configuration",
        "http://10.0.0.5/common/v2.0/.well-known/openid-configuration", "ftp://login.example/x", "login.example/x",
        // Names that only begin like a loopback address point wherever their owner wants.
        "http://127.0.0.1.nip.io/.well-known/openid-configuration", "http://127.evil.example/x",
        "http://127.0.0.1.5/x", "http://127.0.0.256/x", "http://localhost.example/x",
    ])
    func metadataMustBeHTTPSUnlessLoopback(url: String) {
        let message = error(variant("server_metadata_url = \"\(url)\""))
        #expect(message.contains("server_metadata_url"))
    }

    @Test(arguments: [
        "http://127.0.0.1:8400/.well-known/openid-configuration",
        "http://localhost:8400/x/.well-known/openid-configuration",
        "http://[::1]:8400/.well-known/openid-configuration",
        "http://127.1.2.3:8400/.well-known/openid-configuration",
    ])
    func loopbackMetadataMayUseHTTP(url: String) throws {
        #expect(try load(with: "server_metadata_url = \"\(url)\"").serverMetadataURL.absoluteString == url)
    }

    @Test func aLoopbackHTTPRedirectURIIsNotASecureSite() throws {
        let config = try load(with: "redirect_uri = \"http://127.0.0.1:8080/.auth/callback\"")
        #expect(!config.isSecureSite)
        #expect(config.origin == "http://127.0.0.1:8080")
        #expect(error(variant("redirect_uri = \"http://site.example/.auth/callback\"")).contains("https"))
    }

    @Test(arguments: [
        ("8h", 28_800.0), ("90m", 5_400), ("1h30m", 5_400), ("3600s", 3_600), ("1d", 86_400), (" 2h ", 7_200),
    ])
    func sessionLifetimesParse(text: String, seconds: TimeInterval) throws {
        #expect(try load(with: "session_lifetime = \"\(text)\"").sessionLifetime == seconds)
    }

    @Test(arguments: ["eight hours", "8", "h", "0h", "-1h", "1.5h", "8 h", "1w", ""])
    func badSessionLifetimesAreRefused(text: String) {
        let message = error(variant("session_lifetime = \"\(text)\""))
        #expect(message.contains("session_lifetime"))
        #expect(message.contains("8h"))
    }

    @Test func theIdleTimeoutIsOffUnlessSetAndAtLeastAMinute() throws {
        #expect(try load(Self.streamlit).sessionIdleTimeout == nil)
        #expect(try load(with: "session_idle_timeout = \"1h\"").sessionIdleTimeout == 3_600)
        #expect(try load(with: "session_idle_timeout = \"60s\"").sessionIdleTimeout == 60)
        let short = error(variant("session_idle_timeout = \"59s\""))
        #expect(short.contains("session_idle_timeout") && short.contains("at least a minute"))
        let bad = error(variant("session_idle_timeout = \"an hour\""))
        #expect(bad.contains("session_idle_timeout") && bad.contains("1h30m"))
    }

    @Test func reChecksAreOnEveryFifteenMinutesWithAnHoursGraceUnlessSet() throws {
        let defaults = try load(Self.streamlit)
        #expect(defaults.recheckEvery == 900 && defaults.recheckGrace == 3_600)
        #expect(try load(with: "recheck_every = \"off\"").recheckEvery == nil)
        #expect(try load(with: "recheck_every = \"10s\"").recheckEvery == 10)
        #expect(try load(with: "recheck_every = \"2h\"").recheckEvery == 7_200)
        #expect(try load(with: "recheck_grace = \"30m\"").recheckGrace == 1_800)
        let short = error(variant("recheck_every = \"9s\""))
        #expect(short.contains("recheck_every") && short.contains("at least 10s") && short.contains("off"))
        let bad = error(variant("recheck_every = \"often\""))
        #expect(bad.contains("recheck_every") && bad.contains("1h30m"))
        #expect(error(variant("recheck_grace = \"5s\"")).contains("recheck_grace"))
        #expect(error(variant("recheck_grace = \"off\"")).contains("recheck_grace"))
    }

    @Test func theSessionStoreIsSQLiteByDefaultOrNamedByItsAddress() throws {
        #expect(try load(Self.streamlit).sessionStore == .sqlite(path: "/var/lib/sitegen-auth/sessions.db"))
        #expect(
            try load(with: "session_store = \"sqlite:state/s.db\"").sessionStore
                == .sqlite(path: folder.path + "/state/s.db"))
        let redis = try load(with: "session_store = \"redis://:pw@127.0.0.1:6380/2\"").sessionStore
        #expect(redis == .redis(RedisAddress("redis://:pw@127.0.0.1:6380/2")!))
        #expect(redis.display == "redis://127.0.0.1:6380/2", "never the password")
        for bad in ["sqlite:", "postgres://db/sessions", "redis://", "/var/lib/sessions.db"] {
            let message = error(variant("session_store = \"\(bad)\""))
            #expect(message.contains("session_store") && message.contains("redis://HOST:PORT/DB"), "\(bad)")
        }
    }

    @Test func anUnknownTokenEndpointAuthListsTheChoices() {
        let message = error(variant("token_endpoint_auth = \"client_secret_jwt\""))
        #expect(message.contains("token_endpoint_auth"))
        #expect(message.contains("client_secret_post, client_secret_basic or private_key_jwt"))
    }

    @Test func privateKeyJWTReadsTheCertificateAndKey() throws {
        let certificate = try X509Certificate.selfSigned(for: TestKeys.first, commonName: "sitegen", days: 1)
        try folder.write("client.crt", certificate.pemEncoded())
        try folder.write("client.key", TestKeys.first.pemEncoded())
        let text =
            Self.streamlit.split(separator: "\n").filter { !$0.hasPrefix("client_secret") }
            .joined(separator: "\n")
            + "\ntoken_endpoint_auth = \"private_key_jwt\"\nclient_certificate = \"client.crt\""
            + "\nclient_private_key = \"client.key\"\n"
        let config = try load(text)
        guard case .privateKeyJWT(let loaded, _) = config.clientAuthentication else {
            Issue.record("expected private_key_jwt, got \(config.clientAuthentication)")
            return
        }
        #expect(loaded.der == certificate.der)
        #expect(error(text.replacingOccurrences(of: "client.key", with: "client.crt")).contains("client_certificate"))
    }

    @Test(arguments: ["contoso.onmicrosoft.com", "organizations", "72f988bf-86f1-41af-91ab"])
    func allowedTenantsMustBeGUIDs(tenant: String) {
        let message = error(variant("allowed_tenants = [\"\(TestProvider.tenantID)\", \"\(tenant)\"]"))
        #expect(message.contains("allowed_tenants"))
        #expect(message.contains("'\(tenant)'"))
    }

    @Test func syntaxErrorsAndMissingTablesNameTheFile() throws {
        #expect(error("[auth\nclient_id = 1").contains("auth.toml:"))
        #expect(error("client_id = \"x\"\n").contains("no [auth] table"))
        #expect(error(variant("allow_email_rules = \"yes\"")).contains("true or false"))
        #expect(error(variant("client_id = 42")).contains("client_id"))
        let missing = #expect(throws: AuthError.self) { try AuthConfig.load(file: folder.path + "/none.toml") }
        #expect(missing?.description.contains("cannot read the config file") == true)
    }

    @Test func missingRequiredKeysAreNamed() {
        for key in ["redirect_uri", "client_id", "server_metadata_url", "client_secret"] {
            let text = Self.streamlit.split(separator: "\n").filter { !$0.hasPrefix(key + " ") }.joined(separator: "\n")
            #expect(error(text).contains("\(key) is missing"), "\(key)")
        }
    }

    // MARK: Environment

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
    }
}
