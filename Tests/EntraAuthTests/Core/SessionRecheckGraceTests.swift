import Foundation
import Synchronization
import Testing

@testable import EntraAuth

/// Re-checks the provider cannot answer: the session goes on within `recheck_grace`, and what spaces the tries.
extension SessionRecheckTests {
    /// A session whose first re-check, queued by a check of `uri`, found the provider unreachable.
    private func signedInWithAFailedReCheck(at uri: String) throws -> CookieJar {
        let jar = try signedIn()
        harness.clock.advance(by: Self.every)
        harness.http.isUnreachable = true
        _ = check(uri, jar)
        work.run()
        return jar
    }

    @Test func anUnreachableProviderKeepsTheSessionWithinTheGraceThenEndsIt() throws {
        let jar = try signedInWithAFailedReCheck(at: "/secret/")
        #expect(check("/secret/", jar) == 204, "goes on with what it had")
        #expect(work.count == 0, "the next try waits for the lease")
        harness.clock.advance(by: 30)
        _ = check("/secret/", jar)
        work.run()
        harness.http.answer(harness.idp.tokenEndpoint, status: 503, body: "busy")
        harness.http.isUnreachable = false
        harness.clock.advance(by: 30)
        _ = check("/secret/", jar)
        work.run()
        #expect(rechecks.value(.unreachable) == 3)
        #expect(harness.logs.lines.filter { $0.contains("event=session_recheck_failed") }.count == 1, "logged once")
        #expect(check("/secret/", jar) == 204)

        // The grace runs from the last successful check (the sign-in), not from the first failure.
        harness.clock.advance(by: 3_600 - Self.every - 60)
        #expect(check("/secret/", jar) == 401, "ended on the check once the grace is spent")
        #expect(rechecks.value(.graceSpent) == 1)
        #expect(
            harness.logs.lines.contains { $0.contains("event=session_ended_by_recheck") && $0.contains("grace_spent") })
    }

    @Test func aReaderBackAfterTheGraceIsAnsweredOnlyOnceTheReCheckConfirmsThemWithWhatEntraSaysNow() throws {
        let jar = try signedIn()
        harness.clock.advance(by: 3_600 + 60)
        harness.answerToken(try refreshedToken(["roles": []]), refreshToken: "rt-2")
        #expect(check("/secret/", jar) == 403, "the role removed while they were away is gone on the first request")
        #expect(work.count == 0, "the check ran the re-check itself")
        #expect(refreshRequests.map { $0["refresh_token"] } == ["rt-1"])
        #expect(check("/docs/", jar) == 204)
        #expect(rechecks.value(.kept) == 1)
    }

    @Test(arguments: ["disabled", "unreachable"])
    func aReaderBackAfterTheGraceWhomEntraNoLongerBacksReadsNothing(_ how: String) throws {
        let jar = try signedIn()
        harness.clock.advance(by: 3_600 + 60)
        if how == "disabled" {
            harness.http.answer(
                harness.idp.tokenEndpoint, status: 400,
                body: #"{"error":"invalid_grant","error_description":"AADSTS50057: The user account is disabled."}"#)
        } else {
            harness.http.isUnreachable = true
        }
        #expect(check("/docs/", jar) == 401, "not one page answered from what the session held")
        #expect(work.count == 0)
        #expect(try harness.sessionStore.sessions(.all).isEmpty, "the session ended")
        #expect(rechecks.value(how == "disabled" ? .endedDisabled : .graceSpent) == 1)
    }

    @Test func aRefusalForTheClientKeepsTheSessionWithinTheGraceAndTheLogNamesEntrasError() throws {
        let jar = try signedIn()
        harness.clock.advance(by: Self.every)
        harness.http.answer(
            harness.idp.tokenEndpoint, status: 401,
            body:
                #"{"error":"invalid_client","error_description":"AADSTS7000222: The provided client secret keys are expired."}"#
        )
        _ = check("/docs/", jar)
        work.run()
        #expect(check("/docs/", jar) == 204, "goes on within the grace")
        #expect(rechecks.value(.unreachable) == 1)
        let line = try #require(harness.logs.lines.first { $0.contains("event=session_recheck_failed") })
        #expect(line.contains("invalid_client AADSTS7000222") && line.contains("client secret"), "\(line)")
    }

    @Test func aReCheckRunningForAnotherRequestOfTheSameReaderIsWaitedFor() throws {
        let jar = try signedIn()
        harness.clock.advance(by: 3_600 + 60)
        harness.answerToken(try refreshedToken(["roles": []]), refreshToken: "rt-2")
        let during = Mutex<Int?>(nil)
        harness.http.whileWaiting = { [self] in
            nonisolated(unsafe) let test = self
            let other = Thread {
                let status = test.check("/secret/", jar)
                during.withLock { $0 = status }
            }
            other.start()
            Thread.sleep(forTimeInterval: 0.2)
            #expect(during.withLock { $0 } == nil, "the other request waits for this re-check")
        }
        #expect(check("/docs/", jar) == 204)
        let deadline = Date().addingTimeInterval(5)
        while during.withLock({ $0 }) == nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(during.withLock { $0 } == 403, "answered with the roles the re-check found")
        #expect(refreshRequests.count == 1, "one re-check for both")
    }

    @Test func aCheckPastTheGraceWaitsForTheReCheckInFlightAndEndsWithIt() throws {
        let jar = try signedInWithAFailedReCheck(at: "/secret/")
        harness.clock.advance(by: 30)
        _ = check("/secret/", jar)
        // While that re-check waits on the provider, the grace runs out and a check arrives on another thread.
        let ended = Mutex<Int?>(nil)
        nonisolated(unsafe) let test = self
        harness.http.whileWaiting = { [harness] in
            harness.clock.advance(by: 3_600)
            Thread {
                let status = test.check("/secret/", jar)
                ended.withLock { $0 = status }
            }.start()
            Thread.sleep(forTimeInterval: 0.2)
            #expect(ended.withLock { $0 } == nil, "the check waits for the re-check in flight")
        }
        work.run()
        let deadline = Date().addingTimeInterval(5)
        while ended.withLock({ $0 }) == nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(ended.withLock { $0 } == 401)
        #expect(harness.logs.lines.filter { $0.contains("event=session_recheck_failed") }.count == 1, "logged once")
        #expect(harness.logs.lines.filter { $0.contains("event=session_ended_by_recheck") }.count == 1)
        #expect(rechecks.value(.unreachable) == 1 && rechecks.value(.graceSpent) == 1)
    }

    @Test(arguments: ["signed out", "revoked"])
    func aSessionEndedWhileItsFirstReCheckWaitsIsNotLoggedAsGoingOn(_ how: String) throws {
        let jar = try signedIn()
        harness.clock.advance(by: Self.every)
        harness.http.isUnreachable = true
        _ = check("/secret/", jar)
        harness.http.whileWaiting = { [self] in
            if how == "signed out" {
                _ = harness.get("/.auth/logout", headers: ["Sec-Fetch-Site": "same-origin"], jar: jar)
            } else {
                _ = try? harness.sessionStore.end(.all)
            }
        }
        work.run()
        #expect(try harness.sessionStore.sessions(.all).isEmpty)
        #expect(rechecks.value(.unreachable) == 1, "the provider's failure is still counted")
        #expect(!harness.logs.lines.contains { $0.contains("event=session_recheck_failed") })
        #expect(check("/secret/", jar) == 401)
    }

    @Test func aProviderBackWithinTheGraceConfirmsTheSessionAndSaysSo() throws {
        let jar = try signedInWithAFailedReCheck(at: "/docs/")
        harness.http.isUnreachable = false
        harness.answerToken(try refreshedToken())
        harness.clock.advance(by: 30)
        _ = check("/docs/", jar)
        work.run()
        #expect(rechecks.value(.unreachable) == 1 && rechecks.value(.kept) == 1)
        #expect(harness.logs.lines.contains { $0.contains("event=session_recheck_recovered") })
        harness.clock.advance(by: 3_000)
        #expect(check("/docs/", jar) == 204, "the grace now runs from the new check")
    }

    @Test func aSessionWithoutARefreshTokenGoesOnOnlyForTheGrace() throws {
        var jar = CookieJar()
        let attempt = harness.login(rd: "/", jar: &jar)
        harness.answerToken(try harness.idToken(for: attempt))
        #expect(harness.callback(attempt, jar: &jar).status == 303)
        harness.clock.advance(by: Self.every)
        _ = check("/docs/", jar)
        work.run()
        #expect(rechecks.value(.noRefreshToken) == 1)
        #expect(check("/docs/", jar) == 204)
        harness.clock.advance(by: 3_600 - Self.every)
        _ = check("/docs/", jar)
        #expect(check("/docs/", jar) == 401)
        #expect(rechecks.value(.graceSpent) == 1)
    }

    @Test func aReCheckAnotherServerHoldsIsLeftToIt() throws {
        let jar = try signedIn()
        let id = try #require(try harness.sessionStore.sessions(.all).first?.id)
        harness.clock.advance(by: Self.every)
        #expect(
            try harness.sessionStore.lease(recheckOf: id, now: harness.clock.seconds, until: harness.clock.seconds + 30)
        )
        _ = check("/docs/", jar)
        work.run()
        #expect(refreshRequests.isEmpty)
        _ = check("/docs/", jar)
        #expect(work.count == 0, "not tried again before the other server's lease ends")
    }

    @Test func aFullQueueSkipsTheReCheckUntilTheNextUse() throws {
        let jar = try signedIn()
        harness.clock.advance(by: Self.every)
        work.accepts = false
        #expect(check("/docs/", jar) == 204)
        work.accepts = true
        harness.answerToken(try refreshedToken())
        #expect(check("/docs/", jar) == 204)
        #expect(work.count == 1)
        work.run()
        #expect(rechecks.value(.kept) == 1)
    }
}
