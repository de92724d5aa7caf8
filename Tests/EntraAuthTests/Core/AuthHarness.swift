import AccessRules
import Foundation

@testable import EntraAuth

/// The cookies a browser keeps between requests: `Set-Cookie` adds or replaces, `Max-Age=0` deletes.
struct CookieJar {
    private(set) var cookies: [(name: String, value: String)] = []

    mutating func apply(_ response: Response) {
        for line in response.headers("Set-Cookie") {
            let pair = line.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let name = String(pair[..<equals])
            let value = String(pair[pair.index(after: equals)...])
            cookies.removeAll { $0.name == name }
            if !line.contains("Max-Age=0") { cookies.append((name, value)) }
        }
    }

    var header: String { cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; ") }

    func value(_ name: String) -> String? { cookies.first { $0.name == name }?.value }

    var names: [String] { cookies.map(\.name) }
}

/// One started sign-in: what the browser was sent to the provider with.
struct LoginAttempt {
    let response: Response
    let query: [String: String]

    var state: String { query["state"] ?? "" }
    var nonce: String { query["nonce"] ?? "" }
}

/// A handler wired to fakes: a test provider, a movable clock, counting random bytes, a manifest in a temp folder;
/// with metrics on, so every test also runs the counting.
final class AuthHarness {
    static let clientSecret = "Xq8~sEcReT.value-that-must-never-leak"
    static let finance = AccessRule.restricted(Requirement(roles: ["Finance.Read"]))
    static let payroll = AccessRule.restricted(Requirement(roles: ["Payroll.Admin"]))
    static let teamGroup = "5f1c9a7e-0d5b-4f63-9a8e-3c2b1d0e9f11"

    /// `/` public, `/docs/` signed-in, `/secret/` Finance.Read, `/payroll/` Payroll.Admin.
    static func defaultManifest(extra: [(String, AccessRule)] = []) -> AccessManifest {
        var builder = AccessManifestBuilder()
        builder.add(path: "/", rule: .public, source: "site/index.md")
        builder.add(path: "/docs/", rule: .signedIn, source: "site.toml")
        builder.add(path: "/docs/a", rule: .signedIn, source: "site.toml")
        builder.add(path: "/secret/", rule: finance, source: "site/secret/index.md")
        builder.add(path: "/payroll/", rule: payroll, source: "site/payroll/index.md")
        for (path, rule) in extra { builder.add(path: path, rule: rule, source: "site.toml") }
        return builder.manifest
    }

    let folder: TemporaryFolder
    let http = FakeHTTPClient()
    /// Starts at the real time, whole seconds: session stores expire sessions by their own clock.
    let clock = MovableClock(Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)))
    let random = CountingRandom()
    let logs = LogCapture()
    let metrics = AuthMetrics()
    let idp: TestProvider
    let config: AuthConfig
    let provider: IdentityProvider
    let manifest: ManifestStore
    let sessionStore: any SessionStore
    let endpoints: AuthEndpoints
    let metricsPage: MetricsPage

    init(
        redirectURI: String = "https://site.example/.auth/callback",
        clientAuthentication: AuthConfig.ClientAuthentication = .secretPost(AuthHarness.clientSecret),
        allowedTenants: [String] = [],
        roleTenants: [String]? = nil,
        sessionLifetime: TimeInterval = 8 * 3600,
        sessionIdleTimeout: TimeInterval? = nil,
        sessionStore: (any SessionStore)? = nil,
        folder: TemporaryFolder = TemporaryFolder(),
        cookieSecret: String = "main",
        idp: TestProvider = .singleTenant,
        manifest accessManifest: AccessManifest? = AuthHarness.defaultManifest(),
        startProvider: Bool = true,
        recheckEvery: TimeInterval? = nil,
        recheckGrace: TimeInterval = 3_600,
        background: any BackgroundWork = InlineWork()
    ) throws {
        self.idp = idp
        self.folder = folder
        let redirect = URL(string: redirectURI)!
        var config = AuthConfig(
            redirectURI: redirect,
            cookieSecrets: [Array(strongSecret(cookieSecret).utf8)],
            clientID: TestProvider.clientID,
            clientAuthentication: clientAuthentication,
            serverMetadataURL: idp.metadataURL,
            postLogoutRedirectURI: URL(string: "https://site.example/signed-out/")!,
            extraScopes: [],
            allowedTenants: allowedTenants,
            sessionLifetime: sessionLifetime,
            manifestPath: folder.path + "/access.json",
            allowEmailRules: false,
            unknownPaths: .deny,
            cacheDirectory: folder.path + "/cache"
        )
        config.roleTenants = roleTenants
        config.sessionIdleTimeout = sessionIdleTimeout
        config.recheckEvery = recheckEvery
        config.recheckGrace = recheckGrace
        self.config = config
        idp.serve(on: http)
        let log = logs.log(time: clock)
        provider = IdentityProvider(
            metadataURL: idp.metadataURL, http: http, time: clock, cacheDirectory: config.cacheDirectory, log: log,
            metrics: metrics)
        if startProvider { try provider.start() }
        manifest = ManifestStore(
            path: config.manifestPath, unknownPaths: .deny, emailRulesAllowed: false, log: log, metrics: metrics)
        if let accessManifest {
            try folder.write("access.json", String(decoding: try JSONEncoder().encode(accessManifest), as: UTF8.self))
            if let problem = manifest.reloadIfChanged() { throw HarnessError(description: problem) }
        }
        self.sessionStore = sessionStore ?? SQLiteSessionStore(path: folder.path + "/state/sessions.db")
        endpoints = AuthEndpoints(
            config: config, provider: provider, manifest: manifest, sessionStore: self.sessionStore, http: http,
            time: clock, random: random, log: log, metrics: metrics, background: background)
        metricsPage = MetricsPage(
            metrics: metrics, manifest: manifest, provider: provider, sessions: endpoints.sessions)
    }

    /// Sends a GET with the jar's cookies.
    func get(_ target: String, headers: [String: String] = [:], jar: CookieJar = CookieJar()) -> Response {
        var headers = headers
        if !jar.cookies.isEmpty { headers["Cookie"] = jar.header }
        // As nginx's check location passes the check key it filed the answer under (sitegen-auth.conf).
        if let key = jar.value(endpoints.sessionCookie.checkKeyName), headers["X-Sitegen-Check-Key"] == nil {
            headers["X-Sitegen-Check-Key"] = key
        }
        return endpoints.router.respond(to: Request(method: "GET", target: target, headers: headers))
    }

    /// Starts a sign-in for `rd` and keeps the transaction cookie in `jar`.
    func login(rd: String?, jar: inout CookieJar) -> LoginAttempt {
        let target = "/.auth/login" + (rd.map { "?rd=" + FormEncoding.escape($0) } ?? "")
        let response = get(target, jar: jar)
        jar.apply(response)
        let location = response.header("Location") ?? ""
        let query = FormEncoding.decode(String(location.split(separator: "?", maxSplits: 1).last ?? ""))
        return LoginAttempt(response: response, query: query)
    }

    /// Makes the token endpoint answer with `idToken`, and `refreshToken` when given.
    func answerToken(_ idToken: String, refreshToken: String? = nil) {
        let refresh = refreshToken.map { #","refresh_token":"\#($0)""# } ?? ""
        http.answer(
            idp.tokenEndpoint,
            body: #"{"token_type":"Bearer","scope":"openid profile email","expires_in":3599,"id_token":"\#(idToken)""#
                + refresh + "}"
        )
    }

    /// A valid ID token for `attempt`, with `changes` applied (nil removes a claim).
    func idToken(for attempt: LoginAttempt, changing changes: [String: JSONValue?] = [:]) throws -> String {
        var claims = idp.claims(nonce: attempt.nonce, now: clock.seconds)
        for (name, value) in changes { claims[name] = value }
        return try idp.idToken(claims)
    }

    /// Returns to the callback with `code` for `attempt`; the token endpoint answers as set up before.
    func callback(_ attempt: LoginAttempt, code: String = "0.AUTHCODE-must-never-leak", jar: inout CookieJar)
        -> Response
    {
        let response = get(
            config.callbackPath + "?code=\(FormEncoding.escape(code))&state=\(attempt.state)&session_state=x",
            jar: jar)
        jar.apply(response)
        return response
    }

    /// A complete sign-in to `rd`; returns the callback's response, the jar then holds the session.
    func signIn(rd: String = "/docs/", changing changes: [String: JSONValue?] = [:], jar: inout CookieJar) throws
        -> Response
    {
        let attempt = login(rd: rd, jar: &jar)
        answerToken(try idToken(for: attempt, changing: changes))
        return callback(attempt, jar: &jar)
    }

    var sessionCookieName: String { config.isSecureSite ? "__Host-sitegen-session" : "sitegen-session" }

    /// A jar holding a session started directly in the store, without a sign-in.
    func jar(with session: Session) throws -> CookieJar {
        let started = try endpoints.sessions.start(session, issuer: idp.tokenIssuer(tenant: session.tenantID))
        let cookies = try endpoints.sessionCookie.setCookies(for: started, random: random, now: clock.now())
        var jar = CookieJar()
        jar.apply(Response(status: 200, headers: cookies.map { ("Set-Cookie", $0) }))
        return jar
    }

    /// The live session a jar's cookie points at, as the check finds it.
    func session(in jar: CookieJar) -> Session? {
        let request = Request(method: "GET", target: "/.auth/check", headers: ["cookie": jar.header])
        guard case .signedIn(let session, _) = endpoints.readers.reader(of: request) else { return nil }
        return session
    }

    /// A session for Ann with the given roles, valid for eight hours from now.
    func session(roles: [String] = ["Finance.Read"], loginHint: String? = "ann-login-hint") -> Session {
        Session(
            id: "session-1", tenantID: TestProvider.tenantID, objectID: "00000000-0000-0000-66f3-3332eca7ea81",
            subject: "sub-ann", name: "Ann Lee", preferredUsername: "ann@contoso.example",
            email: "ann.lee@contoso.example", roles: roles, groups: [], loginHint: loginHint,
            providerSessionID: nil, issuedAt: clock.seconds, expiresAt: clock.seconds + 8 * 3600)
    }

    /// Every page body, header value and log line, to search for leaked secrets.
    func everythingShown(_ responses: [Response]) -> String {
        let shown = responses.map { response in
            response.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n") + "\n"
                + String(decoding: response.body, as: UTF8.self)
        }
        return (shown + logs.lines).joined(separator: "\n")
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
}

extension Response {
    var text: String { String(decoding: body, as: UTF8.self) }
}
