import AccessRules
import Foundation
import Testing

@testable import EntraAuth

/// The `[auth]` table users paste from Streamlit's `secrets.toml`: its keys, the TOML mistakes found by fuzzing,
/// unknown and missing keys, and the addresses of the provider and the site.
struct AuthConfigLoadingTests: StreamlitTableLoading {
    let folder = TemporaryFolder()

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

    /// Found by Fuzz/fuzz-config: the TOML parser aborted on a Unicode line break where an array expects a value.
    @Test(arguments: [
        ("scopes = [\u{2028}\"openid\"]", "U+2028 (line separator)"),
        ("scopes = [\"openid\", \u{2029} \"email\"]", "U+2029 (paragraph separator)"),
        ("scopes = [[\u{85}]]", "U+0085 (next line)"), ("prompt = \"login\" \u{2028}", "U+2028 (line separator)"),
    ])
    func aUnicodeLineBreakOutsideStringsIsAnError(line: String, name: String) {
        let message = error(Self.streamlit + "\n" + line + "\n")
        #expect(
            message.hasSuffix(
                "auth.toml:7: \(name) is not a line break in TOML; end the line with a plain line break, or put the "
                    + "text in quotes"))
    }

    @Test func unicodeLineBreaksInStringsAndCommentsAreText() throws {
        let config = try load(with: "prompt = \"a\u{2028}b\u{85}\" # a comment\u{2028}with a separator")
        #expect(config.prompt == "a\u{2028}b\u{85}")
    }

    @Test func headerLikeLinesInStringsAreNotHeaders() throws {
        let basic = try load(with: "client_secret = \"\"\"\n[# not a header\n\"\"\"")
        #expect(basic.clientAuthentication == .secretPost("[# not a header\n"))
        let literal = try load(with: "client_secret = '''\n[=]'''")
        #expect(literal.clientAuthentication == .secretPost("[=]"))
    }

    @Test func anUnknownKeyIsNamedWithTheClosestValidOne() {
        let message = error(Self.streamlit.replacingOccurrences(of: "client_secret =", with: "client_secrt ="))
        #expect(message.contains("'client_secrt'"))
        #expect(message.contains("did you mean 'client_secret'"))
        #expect(message.contains("auth.toml"))
    }

    @Test func everyProblemIsNamedAtOnceEachWithItsLine() {
        let text = """
            [auth]
            redirect_uri = "http://site.example/.auth/callback"
            client_id = "\(TestProvider.clientID)"
            cookie_domian = "site.example"
            session_lifetime = "a day"
            client_secret = "Xq8~client.secret"
            scopes = ["openid", 2]
            """
        let path = folder.path + "/auth.toml"
        #expect(
            error(text).split(separator: "\n") == [
                "\(path):4: [auth] unknown key 'cookie_domian'",
                "\(path):7: [auth] scopes must be a list of strings",
                "\(path):2: [auth] redirect_uri must use https (http is allowed only for loopback hosts such as "
                    + "127.0.0.1): 'http://site.example/.auth/callback'",
                "\(path): [auth] cookie_secret is missing: make one with `openssl rand -base64 48` and keep it secret",
                "\(path): [auth] server_metadata_url is missing: e.g. "
                    + "https://login.microsoftonline.com/<tenant id>/v2.0/.well-known/openid-configuration",
                "\(path):5: [auth] session_lifetime 'a day' is not a duration like 8h, 90m or 1h30m",
            ])
    }

    /// Streamlit's `[auth.microsoft]`, for `st.login("microsoft")`: the provider's keys in a table of their own.
    @Test func oneNamedProviderTableIsReadAsPartOfAuth() throws {
        let config = try load(
            """
            [auth]
            redirect_uri = "https://site.example/oauth2callback"
            cookie_secret = "\(Self.secret)"

            [auth.microsoft]
            client_id = "\(TestProvider.clientID)"
            client_secret = "Xq8~client.secret"
            server_metadata_url = "https://login.microsoftonline.com/\(TestProvider.tenantID)/v2.0/.well-known/openid-configuration"
            """)
        #expect(config.clientID == TestProvider.clientID)
        #expect(config.clientAuthentication == .secretPost("Xq8~client.secret"))
        #expect(config.serverMetadataURL.path.hasPrefix("/\(TestProvider.tenantID)/"))
        let path = folder.path + "/auth.toml"
        let wrong = error(
            """
            [auth]
            redirect_uri = "https://site.example/oauth2callback"
            cookie_secret = "\(Self.secret)"
            client_id = "\(TestProvider.clientID)"
            [auth.microsoft]
            client_id = "\(TestProvider.clientID)"
            client_secret = 7
            """)
        #expect(
            wrong.split(separator: "\n") == [
                "\(path):6: 'client_id' is in both [auth] and [auth.microsoft]; keep one",
                "\(path):7: [auth.microsoft] client_secret must be a string, a list of strings or true/false",
                "\(path): [auth] server_metadata_url is missing: e.g. "
                    + "https://login.microsoftonline.com/<tenant id>/v2.0/.well-known/openid-configuration",
            ], "the wrong type is not also called missing")
    }

    @Test func severalNamedProvidersOrKeysAboveTheAuthLineAreProblems() {
        let path = folder.path + "/auth.toml"
        let message = error(
            "allowed_tenants = [\"\(TestProvider.tenantID)\"]\nclient_id = \"an app's own\"\n" + Self.streamlit
                + "\n[auth.microsoft]\nclient_id = \"a\"\n[auth.google]\nclient_id = \"b\"\n")
        #expect(
            message.split(separator: "\n") == [
                "\(path):11: [auth.microsoft], [auth.google] each name a provider, as Streamlit names several; "
                    + "sitegen-auth signs in with one: keep one",
                "\(path):1: 'allowed_tenants' is outside the [auth] table, so it is not read; move it below the "
                    + "[auth] line",
            ], "client_id, which [auth] sets too, is left to the app")
    }

    @Test(arguments: ["tenant_id", "authority", "oidc_issuer_url"])
    func anotherToolsKeyForTheTenantSaysWhereItGoes(_ key: String) {
        let message = error(variant("\(key) = \"\(TestProvider.tenantID)\""))
        #expect(
            message.hasSuffix(
                ":7: [auth] unknown key '\(key)'; the tenant and issuer come from server_metadata_url, e.g. server_metadata_url = \"https://login.microsoftonline.com/<tenant id>/v2.0/.well-known/openid-configuration\""
            ))
    }

    @Test func anUnrelatedUnknownKeyIsNamedWithoutAGuess() {
        let message = error(variant("favourite_colour = \"teal\""))
        #expect(message.contains("unknown key 'favourite_colour'"))
        #expect(!message.contains("did you mean"))
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
}
