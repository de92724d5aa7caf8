import AccessRules
import Foundation
import Testing

@testable import EntraAuth

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sessions re-checked with the provider (`recheck_every`): the check answers at once and queues the re-check, whose
/// answer keeps, changes or ends the session.
struct SessionRecheckTests {
    static let every: TimeInterval = 900
    let work = HeldWork()
    let harness: AuthHarness

    init() throws {
        harness = try AuthHarness(recheckEvery: Self.every, recheckGrace: 3_600, background: work)
    }

    func check(_ uri: String, _ jar: CookieJar) -> Int {
        harness.get("/.auth/check", headers: ["X-Original-URI": uri], jar: jar).status
    }

    /// A signed-in jar whose session holds the refresh token `rt-1`.
    func signedIn(nonce: inout String) throws -> CookieJar {
        var jar = CookieJar()
        let attempt = harness.login(rd: "/secret/", jar: &jar)
        nonce = attempt.nonce
        harness.answerToken(try harness.idToken(for: attempt), refreshToken: "rt-1")
        #expect(harness.callback(attempt, jar: &jar).status == 303)
        return jar
    }

    func signedIn() throws -> CookieJar {
        var nonce = ""
        return try signedIn(nonce: &nonce)
    }

    /// A refreshed ID token as Entra sends one: no nonce, issued now, with `changes`.
    func refreshedToken(_ changes: [String: JSONValue?] = [:]) throws -> String {
        var claims = harness.idp.claims(nonce: "", now: harness.clock.seconds)
        claims["nonce"] = nil
        for (name, value) in changes { claims[name] = value }
        return try harness.idp.idToken(claims)
    }

    var refreshRequests: [[String: String]] {
        harness.http.requests(to: harness.idp.tokenEndpoint).map {
            FormEncoding.decode(String(decoding: $0.httpBody ?? Data(), as: UTF8.self))
        }.filter { $0["grant_type"] == "refresh_token" }
    }

    var rechecks: Counter<RecheckOutcome> { harness.metrics.rechecks }

    @Test func signInAsksForOfflineAccessAndKeepsTheRefreshTokenSealedInTheRecordOnly() throws {
        var jar = CookieJar()
        let attempt = harness.login(rd: "/secret/", jar: &jar)
        #expect(attempt.query["scope"] == "openid profile email offline_access")
        harness.answerToken(try harness.idToken(for: attempt), refreshToken: "rt-1-must-stay-inside")
        let callback = harness.callback(attempt, jar: &jar)
        #expect(callback.status == 303)
        let me = harness.get("/.auth/me", jar: jar)
        let stored = try #require(try harness.sessionStore.sessions(.all).first)
        #expect(!stored.refreshToken.isEmpty)
        let recordBytes = String(decoding: stored.sealed + stored.refreshToken, as: UTF8.self)
        #expect(!recordBytes.contains("rt-1"), "sealed, not in the clear")
        #expect(!harness.everythingShown([callback, me]).contains("rt-1-must-stay-inside"))
        let listed = try harness.endpoints.sessions.list(.all)
        #expect(!"\(listed)".contains("rt-1-must-stay-inside"))
        #expect(harness.endpoints.sessions.grant(of: stored)?.token == "rt-1-must-stay-inside")
    }

    @Test func withReChecksOffNoOfflineAccessIsAskedAndNoRefreshTokenKept() throws {
        let off = try AuthHarness()
        var jar = CookieJar()
        let attempt = off.login(rd: "/", jar: &jar)
        #expect(attempt.query["scope"] == "openid profile email")
        off.answerToken(try off.idToken(for: attempt), refreshToken: "rt-unused")
        #expect(off.callback(attempt, jar: &jar).status == 303)
        #expect(try off.sessionStore.sessions(.all).first?.refreshToken.isEmpty == true)
        off.clock.advance(by: 86_400 / 4)
        #expect(off.get("/.auth/check", headers: ["X-Original-URI": "/secret/"], jar: jar).status == 204)
    }

    @Test func aDueSessionIsAnsweredAtOnceAndReCheckedOnTheWorkersOnceAtATime() throws {
        let jar = try signedIn()
        harness.clock.advance(by: Self.every - 1)
        #expect(check("/secret/", jar) == 204)
        #expect(work.count == 0, "not due yet")
        harness.clock.advance(by: 1)
        harness.answerToken(try refreshedToken(["roles": []]), refreshToken: "rt-2")
        #expect(check("/secret/", jar) == 204, "answered from what the session holds")
        #expect(check("/secret/", jar) == 204)
        #expect(work.count == 1, "one re-check per session at a time")
        #expect(refreshRequests.isEmpty, "the check itself never calls the provider")

        work.run()
        #expect(refreshRequests.map { $0["refresh_token"] } == ["rt-1"])
        #expect(check("/secret/", jar) == 403, "the role removed in Entra is gone")
        #expect(check("/docs/", jar) == 204)
        #expect(rechecks.value(.kept) == 1)
        #expect(work.count == 0, "confirmed now, so not due")

        harness.clock.advance(by: Self.every)
        harness.answerToken(try refreshedToken(["roles": ["Finance.Read"], "name": "Ann Lee-Smith"]))
        _ = check("/docs/", jar)
        work.run()
        #expect(refreshRequests.map { $0["refresh_token"] } == ["rt-1", "rt-2"], "the rotated token is redeemed")
        #expect(check("/secret/", jar) == 204)
        #expect(harness.session(in: jar)?.name == "Ann Lee-Smith")
        let stored = try #require(try harness.sessionStore.sessions(.all).first)
        #expect(harness.endpoints.sessions.grant(of: stored)?.token == "rt-2", "kept when not rotated")
        #expect(rechecks.value(.kept) == 2)
    }

    @Test func nginxKeepsNoAllowedAnswerWithinFiveSecondsOfAReCheck() throws {
        let jar = try signedIn()
        func kept() -> Bool {
            harness.get("/.auth/check", headers: ["X-Original-URI": "/docs/"], jar: jar).header("X-Accel-Expires")
                == nil
        }
        harness.clock.advance(by: Self.every - 6)
        #expect(kept())
        harness.clock.advance(by: 1)
        #expect(!kept(), "a cached answer would outlive the re-check's result")
        #expect(work.count == 0)
        harness.clock.advance(by: 5)
        harness.answerToken(try refreshedToken())
        #expect(!kept())
        work.run()
        #expect(kept(), "confirmed again")
    }

    @Test func invalidGrantEndsTheSessionWithALogLineAndACount() throws {
        let jar = try signedIn()
        harness.clock.advance(by: Self.every)
        harness.http.answer(
            harness.idp.tokenEndpoint, status: 400,
            body: #"{"error":"invalid_grant","error_description":"AADSTS50057: The user account is disabled."}"#)
        #expect(check("/docs/", jar) == 204)
        work.run()
        #expect(check("/docs/", jar) == 401)
        #expect(harness.get("/.auth/me", jar: jar).status == 401)
        #expect(rechecks.value(.endedDisabled) == 1)
        #expect(harness.metrics.sessionsEnded.value(.recheck) == 1)
        let line = try #require(harness.logs.lines.first { $0.contains("event=session_ended_by_recheck") })
        #expect(line.contains("outcome=ended_disabled") && line.contains("invalid_grant AADSTS50057"))
        #expect(!line.contains("rt-1"))
    }

    @Test(arguments: [
        ["oid": JSONValue.string("00000000-0000-0000-0000-0000000000bb")],
        ["tid": JSONValue.string(TestProvider.otherTenantID)],
    ])
    func aTokenForAnotherUserEndsTheSession(change: [String: JSONValue]) throws {
        let harness = try AuthHarness(
            allowedTenants: [TestProvider.tenantID, TestProvider.otherTenantID], idp: .multiTenant("organizations"),
            recheckEvery: Self.every, background: work)
        var jar = CookieJar()
        let attempt = harness.login(rd: "/", jar: &jar)
        harness.answerToken(try harness.idToken(for: attempt), refreshToken: "rt-1")
        #expect(harness.callback(attempt, jar: &jar).status == 303)
        harness.clock.advance(by: Self.every)
        var claims = harness.idp.claims(nonce: "", now: harness.clock.seconds)
        claims["nonce"] = nil
        for (name, value) in change { claims[name] = value }
        if let tenant = change["tid"]?.stringValue {
            claims["iss"] = JSONValue.string(harness.idp.tokenIssuer(tenant: tenant))
        }
        harness.answerToken(try harness.idp.idToken(claims))
        _ = harness.get("/.auth/check", headers: ["X-Original-URI": "/docs/"], jar: jar)
        work.run()
        #expect(harness.get("/.auth/check", headers: ["X-Original-URI": "/docs/"], jar: jar).status == 401)
        #expect(harness.metrics.rechecks.value(RecheckOutcome.endedOtherUser) == 1)
    }

    @Test(arguments: [
        ["aud": JSONValue.string("another-app")], ["exp": JSONValue.number(1_000)], ["nonce": JSONValue.string("x")],
        ["iss": JSONValue.string("https://login.microsoftonline.com/\(TestProvider.otherTenantID)/v2.0")],
    ])
    func aRefreshedTokenIsValidatedAsASignInsAndEndsTheSessionWhenItFails(change: [String: JSONValue]) throws {
        let jar = try signedIn()
        harness.clock.advance(by: Self.every)
        harness.answerToken(try refreshedToken(change.mapValues { $0 }))
        _ = check("/docs/", jar)
        work.run()
        #expect(check("/docs/", jar) == 401)
        #expect(rechecks.value(.endedInvalidToken) == 1)
    }

    @Test func aBadSignatureEndsTheSession() throws {
        let jar = try signedIn()
        harness.clock.advance(by: Self.every)
        var claims = harness.idp.claims(nonce: "", now: harness.clock.seconds)
        claims["nonce"] = nil
        harness.answerToken(try harness.idp.idToken(claims, key: TestKeys.second))
        _ = check("/docs/", jar)
        work.run()
        #expect(check("/docs/", jar) == 401)
        #expect(rechecks.value(.endedInvalidToken) == 1)
    }

    @Test func theSignInsNonceIsAcceptedInARefreshedToken() throws {
        var nonce = ""
        let jar = try signedIn(nonce: &nonce)
        harness.clock.advance(by: Self.every)
        harness.answerToken(try refreshedToken(["nonce": .string(nonce)]))
        _ = check("/docs/", jar)
        work.run()
        #expect(check("/secret/", jar) == 204)
        #expect(rechecks.value(.kept) == 1)
    }
}
