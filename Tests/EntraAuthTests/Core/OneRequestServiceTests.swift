import Foundation
import Testing

@testable import EntraAuth

/// `AuthService` for one request, as the CGI program builds it: a fresh service per request, sharing only the disk
/// (config, manifest, session store, provider cache), as processes started by fcgiwrap do.
struct OneRequestServiceTests {
    let harness: AuthHarness
    let config: AuthConfig
    /// What the one-request services log (the harness logs its own manifest load).
    let logs = LogCapture()

    init() throws {
        harness = try AuthHarness(startProvider: false)
        var config = harness.config
        config.sessionStore = .sqlite(path: harness.folder.path + "/cgi/sessions.db")
        self.config = config
    }

    /// One process: wires the service, answers `target`, and is gone; work it keeps for after the answer goes to
    /// `afterAnswer` (`AfterAnswerWork` in the CGI program).
    func answer(
        _ target: String, jar: CookieJar = CookieJar(), headers: [String: String] = [:], config: AuthConfig? = nil,
        afterAnswer: any BackgroundWork = InlineWork()
    ) -> Response {
        var headers = headers
        if !jar.cookies.isEmpty { headers["Cookie"] = jar.header }
        let service = AuthService(
            config: config ?? self.config, http: harness.http, time: harness.clock, log: logs.log(time: harness.clock),
            lifetime: .oneRequest, background: afterAnswer)
        return service.endpoints.router.respond(to: Request(method: "GET", target: target, headers: headers))
    }

    /// The sign-in attempt a login answer starts, read from its redirect to the provider.
    static func attempt(of login: Response) -> LoginAttempt {
        let location = login.header("Location") ?? ""
        return LoginAttempt(
            response: login, query: FormEncoding.decode(String(location.split(separator: "?", maxSplits: 1).last ?? ""))
        )
    }

    var providerFetches: Int {
        harness.http.callCount(harness.idp.metadataURL) + harness.http.callCount(harness.idp.jwksURI)
    }

    @Test func anAnonymousCheckReadsOnlyTheManifestAndLogsNothing() {
        let check = answer("/.auth/check", headers: ["x-original-uri": "/docs/"])
        #expect(check.status == 401)
        #expect(answer("/.auth/check", headers: ["x-original-uri": "/"]).status == 204)
        #expect(answer("/.auth/me").status == 401)
        #expect(harness.http.callCount(harness.idp.metadataURL) == 0)
        #expect(!FileManager.default.fileExists(atPath: harness.folder.path + "/cgi"), "no session store was opened")
        #expect(logs.lines.isEmpty, "\(logs.lines)")
    }

    @Test func aWholeSignInReachesTheProviderOnlyAtSignInAndTheCallback() throws {
        var jar = CookieJar()
        let login = answer("/.auth/login?rd=/secret/", jar: jar)
        jar.apply(login)
        #expect(login.status == 302)
        #expect(providerFetches == 2, "discovery and keys, cached for the next processes")
        let attempt = Self.attempt(of: login)
        harness.answerToken(try harness.idToken(for: attempt))

        let callback = answer(config.callbackPath + "?code=c0de&state=\(attempt.state)", jar: jar)
        jar.apply(callback)
        #expect(callback.status == 303, "\(String(decoding: callback.body, as: UTF8.self))")
        #expect(harness.http.callCount(harness.idp.tokenEndpoint) == 1)

        for _ in 0..<100 {
            #expect(answer("/.auth/check", jar: jar, headers: ["x-original-uri": "/secret/"]).status == 204)
        }
        #expect(answer("/.auth/check", jar: jar, headers: ["x-original-uri": "/payroll/"]).status == 403)
        #expect(answer("/.auth/me", jar: jar).status == 200)
        let logout = answer("/.auth/logout", jar: jar, headers: ["sec-fetch-site": "same-origin"])
        #expect(logout.header("Location")?.hasPrefix(harness.idp.endSessionEndpoint.absoluteString) == true)
        jar.apply(logout)
        #expect(answer("/.auth/check", jar: jar, headers: ["x-original-uri": "/secret/"]).status == 401)
        #expect(providerFetches == 2, "checks, /.auth/me and sign-out never reached the provider")
    }

    /// A CGI check of a session due for its re-check answers from what the session holds, touching no network, and
    /// leaves the re-check for after the answer, which then redeems the refresh token once.
    @Test func aDueReCheckWaitsForTheAnswerAndTheCheckNeverReachesTheProvider() throws {
        var config = self.config
        config.recheckEvery = 900
        var jar = CookieJar()
        let login = answer("/.auth/login?rd=/secret/", jar: jar, config: config)
        jar.apply(login)
        let attempt = Self.attempt(of: login)
        harness.answerToken(try harness.idToken(for: attempt), refreshToken: "rt-1")
        jar.apply(answer(config.callbackPath + "?code=c0de&state=\(attempt.state)", jar: jar, config: config))
        let fetchesAtSignIn = providerFetches
        let tokenCalls = harness.http.callCount(harness.idp.tokenEndpoint)

        harness.clock.advance(by: 901)
        let kept = HeldWork()
        let check = answer(
            "/.auth/check", jar: jar, headers: ["x-original-uri": "/secret/"], config: config, afterAnswer: kept)
        #expect(check.status == 204, "answered from what the session holds")
        #expect(kept.count == 1, "the re-check is kept for after the answer")
        #expect(harness.http.callCount(harness.idp.tokenEndpoint) == tokenCalls && providerFetches == fetchesAtSignIn)

        harness.answerToken(
            try harness.idToken(for: attempt, changing: ["nonce": nil, "roles": []]), refreshToken: "rt-2")
        kept.run()
        #expect(harness.http.callCount(harness.idp.tokenEndpoint) == tokenCalls + 1)
        #expect(answer("/.auth/check", jar: jar, headers: ["x-original-uri": "/secret/"], config: config).status == 403)
    }

    @Test func signOutWithoutACachedProviderStillSignsOutWithoutFetching() throws {
        let harness = self.harness
        let jar = try harness.jar(with: harness.session())
        var ownStore = config
        ownStore.sessionStore = .sqlite(path: harness.folder.path + "/state/sessions.db")
        let service = AuthService(
            config: ownStore, http: harness.http, time: harness.clock, log: logs.log(time: harness.clock),
            lifetime: .oneRequest)
        let logout = service.endpoints.router.respond(
            to: Request(
                method: "GET", target: "/.auth/logout",
                headers: ["Cookie": jar.header, "sec-fetch-site": "same-origin"]))
        #expect(logout.header("Location") == "https://site.example/signed-out/")
        #expect(harness.session(in: jar) == nil)
        #expect(providerFetches == 0)
    }
}
