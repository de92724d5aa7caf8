import AccessRules
import Foundation
import Testing

@testable import EntraAuth

/// Each counter moves on its own event, driven through the in-process harness.
struct CountedEventsTests {
    func check(_ harness: AuthHarness, _ uri: String?, jar: CookieJar = CookieJar()) -> Response {
        harness.get("/.auth/check", headers: uri.map { ["X-Original-URI": $0] } ?? [:], jar: jar)
    }

    @Test func checksAreCountedByOutcomeAndTimed() throws {
        let harness = try AuthHarness()
        let jar = try harness.jar(with: harness.session(roles: ["Finance.Read"]))
        #expect(check(harness, "/").status == 204)
        #expect(check(harness, "/docs/").status == 401)
        #expect(check(harness, "/docs/").status == 401)
        #expect(check(harness, "/secret/", jar: jar).status == 204)
        #expect(check(harness, "/payroll/", jar: jar).status == 403)
        #expect(check(harness, nil).status == 500)
        #expect(harness.get("/.auth/me", jar: jar).status == 200)

        let checks = harness.metrics.checks
        #expect(checks.value(.allowed) == 2)
        #expect(checks.value(.signInRequired) == 2)
        #expect(checks.value(.forbidden) == 1)
        #expect(checks.value(.error) == 1)
        #expect(harness.metrics.checkDuration.count == 6, "every check is timed, and nothing else")
    }

    @Test func withoutAManifestChecksAreErrorsAndTheGaugeSaysSo() throws {
        let harness = try AuthHarness(manifest: nil)
        #expect(harness.manifest.reloadIfChanged() != nil)
        #expect(check(harness, "/").status == 503)
        #expect(harness.metrics.checks.value(.error) == 1)
        #expect(harness.metrics.manifestReloads.value(.failure) == 1)
        #expect(gauge("sitegen_auth_manifest_loaded", in: harness) == .count(0))

        try harness.folder.write(
            "access.json", String(decoding: try JSONEncoder().encode(AuthHarness.defaultManifest()), as: UTF8.self))
        #expect(harness.manifest.reloadIfChanged() == nil)
        #expect(harness.manifest.reloadIfChanged() == nil, "an unchanged manifest is not read again")
        #expect(harness.metrics.manifestReloads.value(.success) == 1)
        #expect(gauge("sitegen_auth_manifest_loaded", in: harness) == .count(1))
    }

    @Test func aSignInStartsASessionAndTimesTheTokenEndpoint() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        #expect(try harness.signIn(jar: &jar).status == 303)
        #expect(harness.metrics.signIns.value(.signedIn) == 1)
        #expect(harness.metrics.sessionsStarted.value == 1)
        #expect(harness.metrics.tokenEndpointDuration.count == 1)
        #expect(harness.metrics.checkDuration.count == 0)
        #expect(refusals(harness) == 0)
    }

    @Test func anExpiredAttemptAndAReusedOneAreCountedApart() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        let attempt = harness.login(rd: "/docs/", jar: &jar)
        let before = jar
        harness.answerToken(try harness.idToken(for: attempt))
        #expect(harness.callback(attempt, jar: &jar).status == 303)
        #expect(harness.callback(attempt, jar: &jar).status == 400)
        var copied = before
        #expect(harness.callback(attempt, jar: &copied).status == 400)
        #expect(harness.metrics.signIns.value(.expiredAttempt) == 1)
        #expect(harness.metrics.signIns.value(.reusedAttempt) == 1)
        #expect(harness.get(harness.config.callbackPath + "?state=\(attempt.state)", jar: before).status == 403)
        #expect(harness.metrics.signIns.value(.noCode) == 1)
    }

    @Test func providerErrorsAreCountedWithTheirAADSTSCode() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        let attempt = harness.login(rd: "/docs/", jar: &jar)
        let description = FormEncoding.escape("AADSTS65004: User declined to consent to access the app.")
        _ = harness.get(
            "/.auth/callback?error=access_denied&error_description=\(description)&state=\(attempt.state)", jar: jar)

        let second = harness.login(rd: "/docs/", jar: &jar)
        harness.http.answer(
            harness.idp.tokenEndpoint, status: 400,
            body: #"{"error":"invalid_grant","error_description":"AADSTS54005: Code was already redeemed."}"#)
        #expect(harness.callback(second, jar: &jar).status == 403)

        #expect(harness.metrics.signIns.value(.providerError) == 2)
        let samples = harness.metrics.providerErrors.family("errors_total", help: "").samples
        #expect(
            samples.map { $0.labels.map(\.value) + [$0.value.text] } == [
                ["access_denied", "AADSTS65004", "1"], ["invalid_grant", "AADSTS54005", "1"],
            ])
    }

    /// Anyone can send a browser to the callback with an error of their choosing: only a callback whose state
    /// matched an open attempt is counted by its provider error; the rest are one `bad_request` outcome.
    @Test func providerErrorsWithoutAMatchingStateCannotFillTheErrorLabels() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        _ = harness.login(rd: "/docs/", jar: &jar)
        for number in 0..<70 {
            let description = "AADSTS\(500_000 + number)"
            _ = harness.get("/.auth/callback?error=access_denied&error_description=\(description)", jar: jar)
            _ = harness.get(
                "/.auth/callback?error=invalid_grant&error_description=\(description)&state=madeup\(number)", jar: jar)
        }
        #expect(harness.metrics.signIns.value(.providerError) == 0)
        #expect(harness.metrics.providerErrors.family("errors_total", help: "").samples.isEmpty)

        let attempt = harness.login(rd: "/docs/", jar: &jar)
        _ = harness.get(
            "/.auth/callback?error=access_denied&error_description=AADSTS65004&state=\(attempt.state)", jar: jar)
        let samples = harness.metrics.providerErrors.family("errors_total", help: "").samples
        #expect(samples.map { $0.labels.map(\.value) + [$0.value.text] } == [["access_denied", "AADSTS65004", "1"]])
        let text = PrometheusText.render(harness.metrics.families())
        #expect(text.contains(#"sitegen_auth_sign_ins_total{outcome="bad_request"} 140"#))
    }

    @Test func refusedTokensAreCountedByReason() throws {
        let harness = try AuthHarness(manifest: OverageSignInTests.teamManifest)
        var jar = CookieJar()
        #expect(try harness.signIn(changing: ["nonce": "another-attempt"], jar: &jar).status == 403)
        jar = CookieJar()
        let overage: [String: JSONValue?] = [
            "_claim_names": ["groups": "src1"], "_claim_sources": ["src1": ["endpoint": "https://graph.example/x"]],
        ]
        #expect(try harness.signIn(changing: overage, jar: &jar).status == 403)
        #expect(harness.metrics.signIns.value(.invalidToken) == 1)
        #expect(harness.metrics.signIns.value(.groupsOverage) == 1)

        let tenants = try AuthHarness(allowedTenants: [TestProvider.otherTenantID], idp: .multiTenant("organizations"))
        var other = CookieJar()
        #expect(try tenants.signIn(jar: &other).status == 403)
        #expect(tenants.metrics.signIns.value(.tenantNotAllowed) == 1)
    }

    @Test func anUnreachableTokenEndpointABusyQueueAndADownStoreAreCounted() throws {
        let folder = TemporaryFolder()
        let store = CountingStore(SQLiteSessionStore(path: folder.path + "/state/sessions.db"))
        let harness = try AuthHarness(sessionStore: store, folder: folder)
        var jar = CookieJar()
        let attempt = harness.login(rd: "/docs/", jar: &jar)
        harness.http.isUnreachable = true
        #expect(harness.callback(attempt, jar: &jar).status == 502)
        #expect(harness.metrics.signIns.value(.providerUnreachable) == 1)
        #expect(harness.metrics.tokenEndpointDuration.count == 1, "a failed call is timed too")

        let callback = Request(method: "GET", target: "/.auth/callback?code=x", headers: [:])
        #expect(harness.endpoints.router.route(for: callback).whenBusy?.respond(to: callback).status == 503)
        #expect(harness.metrics.signIns.value(.busy) == 1)

        harness.http.isUnreachable = false
        jar = CookieJar()
        store.isDown = true
        #expect(try harness.signIn(jar: &jar).status == 503)
        #expect(harness.metrics.signIns.value(.sessionStoreError) == 1)
        #expect(harness.metrics.sessionStoreErrors.value == 1)
        #expect(check(harness, "/docs/", jar: try signedInJar(harness, store: store)).status == 503)
        #expect(harness.metrics.sessionStoreErrors.value == 2)
        #expect(harness.metrics.checks.value(.error) == 1)
    }

    @Test func providerRefreshesAreCountedByDocumentAndResult() throws {
        let harness = try AuthHarness()
        let refreshes = harness.metrics.providerRefreshes
        #expect(refreshes.value(.metadataLoaded) == 1)
        #expect(refreshes.value(.keysLoaded) == 1)

        harness.http.isUnreachable = true
        harness.clock.advance(by: 86_400)
        harness.provider.refreshIfDue()
        #expect(refreshes.value(.metadataFailed) == 1)
        #expect(refreshes.value(.keysFailed) == 0, "keys are not fetched without a discovery document")

        harness.http.isUnreachable = false
        harness.http.answer(harness.idp.jwksURI, status: 500, body: "")
        harness.clock.advance(by: 60)
        harness.provider.refreshIfDue()
        #expect(refreshes.value(.metadataLoaded) == 2)
        #expect(refreshes.value(.keysFailed) == 1)

        harness.idp.serveKeys([SigningKey(kid: "k2", key: TestKeys.second)], on: harness.http)
        _ = try harness.provider.key(for: "k2")
        #expect(refreshes.value(.keysLoaded) == 2, "an unknown kid's refetch counts as a key refresh")
        #expect(gauge("sitegen_auth_provider_ready", in: harness) == .count(1))
    }

    @Test func sessionsEndedAreCountedByReason() throws {
        let harness = try AuthHarness(sessionIdleTimeout: 3600)
        var jar = CookieJar()
        #expect(try harness.signIn(jar: &jar).status == 303)
        #expect(harness.get("/.auth/logout", headers: ["Sec-Fetch-Site": "same-origin"], jar: jar).status == 302)
        #expect(
            harness.get("/.auth/logout", headers: ["Sec-Fetch-Site": "same-origin"], jar: jar).status == 302,
            "a second sign-out ends nothing")

        var session = harness.session()
        session.providerSessionID = "entra-sid-1"
        _ = try harness.jar(with: session)
        _ = try harness.jar(with: session)
        #expect(harness.get("/.auth/frontchannel-logout?sid=entra-sid-1").status == 200)

        let idle = try harness.jar(with: harness.session())
        harness.clock.advance(by: 3601)
        #expect(check(harness, "/docs/", jar: idle).status == 401)
        #expect(check(harness, "/docs/", jar: idle).status == 401)

        _ = try harness.jar(with: harness.session())
        harness.clock.advance(by: 8 * 3600)
        try harness.endpoints.sessions.removeExpired()

        let ended = harness.metrics.sessionsEnded
        #expect(ended.value(.signOut) == 1)
        #expect(ended.value(.frontChannel) == 2)
        #expect(ended.value(.idle) == 1)
        #expect(ended.value(.expired) == 1)
        #expect(harness.metrics.sessionsStarted.value == 5)
    }

    @Test func liveSessionsAreReadFromTheStoreWhenScraped() throws {
        let harness = try AuthHarness()
        #expect(gauge("sitegen_auth_sessions_active", in: harness) == .count(0))
        _ = try harness.jar(with: harness.session())
        _ = try harness.jar(with: harness.session())
        #expect(gauge("sitegen_auth_sessions_active", in: harness) == .count(2))
        let page = harness.metricsPage.render()
        #expect(page.contains("\nsitegen_auth_sessions_active 2\n"))
        #expect(page.contains("sitegen_auth_build_info{version=\"\(BuildInfo.version)\"} 1\n"))
        #expect(page.contains("\nprocess_resident_memory_bytes "))
        #expect(page.contains("\nprocess_open_fds "))
    }

    @Test func aHangingReadIsGivenUpAndNotStartedTwice() {
        let release = DispatchSemaphore(value: 0)
        let read = TimedRead<Int>(timeout: 0.1) {
            release.wait()
            return 7
        }
        #expect(read.value() == nil)
        #expect(read.value() == nil, "the first read still runs")
        for _ in 0..<100 { release.signal() }
        var value: Int?
        let deadline = Date() + 20
        while value == nil, Date() < deadline {
            value = read.value()
            if value == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(value == 7, "once the hanging read ends, the next one is made and answers")
    }

    @Test func withoutMetricsTheServiceHasNoPageAndStillAnswers() throws {
        let harness = try AuthHarness()
        let service = AuthService(config: harness.config, http: harness.http, log: AuthLog { _ in })
        service.manifest.reloadIfChanged()
        #expect(service.metricsPage == nil)
        #expect(service.endpoints.router.routes["/.auth/check"]?.endpoint is CheckEndpoint, "not timed")
        let response = service.endpoints.router.respond(
            to:
                Request(method: "GET", target: "/.auth/check", headers: ["x-original-uri": "/docs/"]))
        #expect(response.status == 401)
    }

    private func refusals(_ harness: AuthHarness) -> UInt64 {
        SignInOutcome.allCases.filter { $0 != .signedIn }.reduce(0) { $0 + harness.metrics.signIns.value($1) }
    }

    private func gauge(_ name: String, in harness: AuthHarness) -> MetricValue? {
        harness.metricsPage.families().first { $0.name == name }?.samples.first?.value
    }

    /// A jar with a session started while `store` was up; the store is left as it was.
    private func signedInJar(_ harness: AuthHarness, store: CountingStore) throws -> CookieJar {
        let wasDown = store.isDown
        store.isDown = false
        defer { store.isDown = wasDown }
        return try harness.jar(with: harness.session())
    }
}
