import AccessRules
import Foundation
import Testing

@testable import EntraAuth

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A reader in more than 200 groups: Entra leaves `groups` out of the ID token, and the sign-in reads them from
/// Microsoft Graph with the access token of the same sign-in, or refuses; never a session that silently has none.
struct OverageSignInTests {
    static let teamManifest = AuthHarness.defaultManifest(extra: [
        ("/team/", .restricted(Requirement(groups: [AuthHarness.teamGroup.uppercased()])))
    ])
    static let graph = URL(string: "https://graph.microsoft.com/v1.0/me/getMemberObjects")!
    static let accessToken = "eyJ0eXAi.graph-access-token-must-never-leak.sig"
    static let overage: [String: JSONValue?] = [
        "_claim_names": ["groups": "src1"],
        "_claim_sources": ["src1": ["endpoint": "https://graph.microsoft.com/v1.0/users/x/getMemberObjects"]],
    ]
    static let otherGroups = (0..<300).map { String(format: "%08x-2222-4000-8000-%012x", $0, $0) }

    /// A sign-in whose token response carries `accessToken` (none when nil) and an ID token with `changes`.
    func signIn(
        _ harness: AuthHarness, changing changes: [String: JSONValue?] = Self.overage,
        accessToken: String? = Self.accessToken, jar: inout CookieJar
    ) throws -> Response {
        let attempt = harness.login(rd: "/team/", jar: &jar)
        let idToken = try harness.idToken(for: attempt, changing: changes)
        let access = accessToken.map { #","access_token":"\#($0)""# } ?? ""
        harness.http.answer(
            harness.idp.tokenEndpoint,
            body: #"{"token_type":"Bearer","id_token":"\#(idToken)","refresh_token":"rt-1"\#(access)}"#)
        return harness.callback(attempt, jar: &jar)
    }

    func answerGraph(_ harness: AuthHarness, _ ids: [String], next: String? = nil, url: URL = Self.graph) {
        let list = ids.map { "\"\($0)\"" }.joined(separator: ",")
        let link = next.map { #","@odata.nextLink":"\#($0)""# } ?? ""
        harness.http.answer(url, body: #"{"@odata.context":"x","value":[\#(list)]\#(link)}"#)
    }

    func check(_ harness: AuthHarness, _ path: String, jar: CookieJar) -> Int {
        harness.get("/.auth/check", headers: ["X-Original-URI": path], jar: jar).status
    }

    @Test func aMemberFoundThroughGraphOpensTheGroupPageAndKeepsOnlyNamedGroups() throws {
        let harness = try AuthHarness(manifest: Self.teamManifest)
        answerGraph(harness, Self.otherGroups + [AuthHarness.teamGroup])
        var jar = CookieJar()
        #expect(try signIn(harness, jar: &jar).status == 303)
        #expect(check(harness, "/team/", jar: jar) == 204)
        #expect(harness.session(in: jar)?.groups == [AuthHarness.teamGroup])

        let request = try #require(harness.http.requests(to: Self.graph).last)
        #expect(request.httpMethod == "POST")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer " + Self.accessToken)
        let body = try JSONSerialization.jsonObject(with: request.httpBody ?? Data()) as? [String: Bool]
        #expect(body == ["securityEnabledOnly": true])
        #expect(harness.metrics.graphCalls.value(.success) == 1)
        #expect(harness.metrics.graphCallDuration.count == 1)
    }

    @Test func aNonMemberIsSignedInAndRefusedTheGroupPage() throws {
        let harness = try AuthHarness(manifest: Self.teamManifest)
        answerGraph(harness, Self.otherGroups)
        var jar = CookieJar()
        #expect(try signIn(harness, jar: &jar).status == 303)
        #expect(check(harness, "/team/", jar: jar) == 403)
        #expect(check(harness, "/docs/", jar: jar) == 204)
    }

    @Test func hasgroupsSaysTheSameAsClaimNames() throws {
        let harness = try AuthHarness(manifest: Self.teamManifest)
        answerGraph(harness, [AuthHarness.teamGroup])
        var jar = CookieJar()
        #expect(try signIn(harness, changing: ["hasgroups": .bool(true)], jar: &jar).status == 303)
        #expect(check(harness, "/team/", jar: jar) == 204)
    }

    @Test func withoutGroupRulesAnOverageReaderSignsInWithoutAskingGraph() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        #expect(try signIn(harness, accessToken: nil, jar: &jar).status == 303)
        #expect(harness.http.callCount(Self.graph) == 0)
        #expect(harness.session(in: jar)?.groups == [])
    }

    @Test func theSignInAsksForUserReadOnlyWhileRulesUseGroups() throws {
        var jar = CookieJar()
        let plain = try AuthHarness().login(rd: "/", jar: &jar)
        #expect(plain.query["scope"] == "openid profile email")
        let grouped = try AuthHarness(manifest: Self.teamManifest).login(rd: "/", jar: &jar)
        #expect(grouped.query["scope"] == "openid profile email https://graph.microsoft.com/User.Read")
    }

    @Test func graphUnreachableShowsATryAgainPageAndStartsNoSession() throws {
        let harness = try AuthHarness(manifest: Self.teamManifest)
        harness.http.makeUnreachable(Self.graph)
        var jar = CookieJar()
        let response = try signIn(harness, jar: &jar)
        #expect(response.status == 503)
        #expect(response.text.contains("Microsoft Graph") && response.text.contains("try again"))
        #expect(response.text.contains("/.auth/login?rd=%2Fteam%2F"))
        #expect(!jar.names.contains(harness.sessionCookieName))
        #expect(try harness.sessionStore.countLive() == 0)
        #expect(harness.metrics.signIns.value(.graphError) == 1)
        #expect(harness.metrics.graphCalls.value(.unreachable) == 1)
        #expect(harness.logs.lines.contains { $0.contains("event=signin_refused") && $0.contains("Graph") })
    }

    @Test func graphErrorsAreReadableAndCountedByOutcome() throws {
        let cases: [(status: Int, body: String, page: Int, text: String, outcome: GraphCallOutcome)] = [
            (429, #"{"error":{"code":"TooManyRequests"}}"#, 503, "try again", .throttled),
            (503, "", 503, "try again", .serverError),
            (403, #"{"error":{"code":"Authorization_RequestDenied"}}"#, 502, "User.Read", .refused),
            (401, #"{"error":{"code":"InvalidAuthenticationToken"}}"#, 502, "User.Read", .refused),
            (400, #"{"error":{"code":"Directory_ResultSizeLimitExceeded"}}"#, 403, "app roles", .refused),
            (200, #"{"value":"not a list"}"#, 503, "try again", .malformed),
        ]
        for item in cases {
            let harness = try AuthHarness(manifest: Self.teamManifest)
            harness.http.answer(Self.graph, status: item.status, body: item.body, headers: ["Retry-After": "7"])
            var jar = CookieJar()
            let response = try signIn(harness, jar: &jar)
            #expect(response.status == item.page, "Graph answering \(item.status)")
            #expect(response.text.contains(item.text), "Graph answering \(item.status)")
            #expect(try harness.sessionStore.countLive() == 0)
            #expect(harness.metrics.graphCalls.value(item.outcome) == 1, "Graph answering \(item.status)")
        }
    }

    @Test func aThrottledGraphIsNotCalledAgainBeforeItsRetryAfterAndTheReaderIsToldHowLong() throws {
        let harness = try AuthHarness(manifest: Self.teamManifest)
        harness.http.answer(
            Self.graph, status: 429, body: #"{"error":{"code":"TooManyRequests"}}"#, headers: ["Retry-After": "7"])
        var jar = CookieJar()
        let throttled = try signIn(harness, jar: &jar)
        #expect(throttled.status == 503 && throttled.header("Retry-After") == "7")
        #expect(harness.logs.lines.contains { $0.contains("HTTP 429 TooManyRequests (Retry-After: no call for 7 s)") })

        answerGraph(harness, [AuthHarness.teamGroup])
        harness.clock.advance(by: 3)
        var second = CookieJar()
        let waiting = try signIn(harness, jar: &second)
        #expect(waiting.status == 503 && waiting.header("Retry-After") == "4", "the rest of the wait")
        #expect(harness.http.callCount(Self.graph) == 1, "no call while Graph's wait lasts")
        #expect(harness.metrics.graphCalls.value(.throttled) == 1 && harness.metrics.graphCalls.value(.waited) == 1)
        #expect(!second.names.contains(harness.sessionCookieName))

        harness.clock.advance(by: 4)
        var third = CookieJar()
        #expect(try signIn(harness, jar: &third).status == 303)
        #expect(harness.http.callCount(Self.graph) == 2)
    }

    @Test func aServerErrorWithoutRetryAfterAsksForNoWait() throws {
        let harness = try AuthHarness(manifest: Self.teamManifest)
        harness.http.answer(Self.graph, status: 503, body: "")
        var jar = CookieJar()
        #expect(try signIn(harness, jar: &jar).header("Retry-After") == nil)
        answerGraph(harness, [AuthHarness.teamGroup])
        var again = CookieJar()
        #expect(try signIn(harness, jar: &again).status == 303)
    }

    @Test func noAccessTokenMeansNoGuessing() throws {
        let harness = try AuthHarness(manifest: Self.teamManifest)
        var jar = CookieJar()
        let response = try signIn(harness, accessToken: nil, jar: &jar)
        #expect(response.status == 403 && response.text.contains("app roles"))
        #expect(try harness.sessionStore.countLive() == 0)
        #expect(harness.metrics.signIns.value(.groupsOverage) == 1)
    }

    @Test func nextPagesAreFollowedOnGraphOnly() throws {
        let harness = try AuthHarness(manifest: Self.teamManifest)
        let second = URL(string: "https://graph.microsoft.com/v1.0/me/getMemberObjects?$skiptoken=2")!
        answerGraph(harness, Self.otherGroups, next: second.absoluteString)
        answerGraph(harness, [AuthHarness.teamGroup], url: second)
        var jar = CookieJar()
        #expect(try signIn(harness, jar: &jar).status == 303)
        #expect(check(harness, "/team/", jar: jar) == 204)
        #expect(harness.http.requests(to: second).first?.value(forHTTPHeaderField: "Authorization") != nil)

        let elsewhere = try AuthHarness(manifest: Self.teamManifest)
        let evil = URL(string: "https://graph.example.net/collect")!
        answerGraph(elsewhere, [], next: evil.absoluteString)
        var other = CookieJar()
        #expect(try signIn(elsewhere, jar: &other).status == 503)
        #expect(elsewhere.http.callCount(evil) == 0, "the reader's token must not follow a link off Graph")
    }

    @Test func theAccessTokenAppearsInNoPageOrLogLine() throws {
        let harness = try AuthHarness(manifest: Self.teamManifest)
        var responses: [Response] = []
        var jar = CookieJar()
        responses.append(try signIn(harness, jar: &jar))  // Graph answers 404: refused
        #expect(responses[0].status == 502)
        answerGraph(harness, [AuthHarness.teamGroup])
        jar = CookieJar()
        responses.append(try signIn(harness, jar: &jar))
        #expect(responses[1].status == 303)
        responses.append(harness.get("/.auth/me", jar: jar))
        // The token was used, so it was there to leak: on both sign-ins it went to Graph, and both were logged.
        let asked = harness.http.requests(to: Self.graph).map { $0.value(forHTTPHeaderField: "Authorization") }
        #expect(asked == ["Bearer " + Self.accessToken, "Bearer " + Self.accessToken])
        #expect(harness.logs.lines.contains { $0.contains("event=signin_refused") })
        #expect(harness.logs.lines.contains { $0.contains("event=signed_in") })
        #expect(!harness.everythingShown(responses).contains("graph-access-token"))
    }

    /// A team member signed in with the group, 900 s later: their re-check is due, and the token endpoint answers an
    /// overage ID token with the access token `at-2` and the rotated refresh token `rt-2`.
    func dueForReCheck(work: HeldWork) throws -> (AuthHarness, CookieJar) {
        let harness = try AuthHarness(
            manifest: Self.teamManifest, recheckEvery: 900, recheckGrace: 3_600, background: work)
        answerGraph(harness, [AuthHarness.teamGroup])
        var jar = CookieJar()
        #expect(try signIn(harness, jar: &jar).status == 303)
        #expect(check(harness, "/team/", jar: jar) == 204)

        harness.clock.advance(by: 900)
        var claims = harness.idp.claims(nonce: "", now: harness.clock.seconds)
        claims["nonce"] = nil
        for (name, value) in Self.overage { claims[name] = value }
        harness.http.answer(
            harness.idp.tokenEndpoint,
            body: #"{"id_token":"\#(try harness.idp.idToken(claims))","access_token":"at-2","refresh_token":"rt-2"}"#)
        return (harness, jar)
    }

    @Test func aReCheckGraphCannotAnswerKeepsTheRefreshTokenTheProviderRotated() throws {
        let work = HeldWork()
        let (harness, jar) = try dueForReCheck(work: work)
        harness.http.answer(Self.graph, status: 429, body: #"{"error":{"code":"TooManyRequests"}}"#)
        #expect(check(harness, "/team/", jar: jar) == 204)
        work.run()
        #expect(check(harness, "/team/", jar: jar) == 204, "within the grace, the session goes on")
        let stored = try #require(try harness.sessionStore.sessions(.all).first)
        #expect(harness.endpoints.sessions.grant(of: stored)?.token == "rt-2", "the spent rt-1 is not kept")
        #expect(harness.session(in: jar)?.lastChecked == harness.clock.seconds - 900, "still unconfirmed")
    }

    @Test func aReCheckDuringGraphsWaitSendsNoCallAndKeepsTheSessionUntilTheWaitHasPassed() throws {
        let work = HeldWork()
        let (harness, jar) = try dueForReCheck(work: work)
        harness.http.answer(
            Self.graph, status: 429, body: #"{"error":{"code":"TooManyRequests"}}"#, headers: ["Retry-After": "60"])
        #expect(check(harness, "/team/", jar: jar) == 204)
        work.run()
        #expect(harness.http.callCount(Self.graph) == 2, "the sign-in's call and the throttled re-check's")
        answerGraph(harness, Self.otherGroups)  // removed from the team in Entra meanwhile

        harness.clock.advance(by: 31)  // past the failed re-check's lease, within Graph's wait
        #expect(check(harness, "/team/", jar: jar) == 204)
        work.run()
        #expect(harness.http.callCount(Self.graph) == 2 && harness.metrics.graphCalls.value(.waited) == 1)
        #expect(check(harness, "/team/", jar: jar) == 204, "within the grace, the session goes on")

        harness.clock.advance(by: 30)
        #expect(check(harness, "/team/", jar: jar) == 204)
        work.run()
        #expect(harness.http.callCount(Self.graph) == 3)
        #expect(check(harness, "/team/", jar: jar) == 403, "the wait over, the re-check reads the groups")
    }

    @Test func aReCheckReadsTheGroupsAgainWithItsOwnAccessToken() throws {
        let work = HeldWork()
        let (harness, jar) = try dueForReCheck(work: work)
        answerGraph(harness, Self.otherGroups)  // removed from the team in Entra
        #expect(check(harness, "/team/", jar: jar) == 204, "answered from what the session holds")
        work.run()
        #expect(check(harness, "/team/", jar: jar) == 403)
        #expect(harness.http.requests(to: Self.graph).last?.value(forHTTPHeaderField: "Authorization") == "Bearer at-2")
    }
}
