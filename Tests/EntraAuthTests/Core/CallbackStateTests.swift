import Foundation
import Testing

@testable import EntraAuth

/// The redirect URI's state check: a callback completes only the attempt this browser started, once, in time.
struct CallbackStateTests {
    @Test func anUnknownStateIsA400WithoutASession() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        let attempt = harness.login(rd: "/docs/", jar: &jar)
        harness.answerToken(try harness.idToken(for: attempt))

        for target in [
            "/.auth/callback?code=c&state=" + String(repeating: "A", count: 43),
            "/.auth/callback?code=c&state=" + attempt.state.prefix(16) + "AAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "/.auth/callback?code=c&state=short", "/.auth/callback?code=c",
        ] {
            let response = harness.get(target, jar: jar)
            #expect(response.status == 400, "\(target)")
            #expect(response.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(issuesNoSession(response, harness: harness))
        }
        // The right state without its cookie (another browser) is refused too.
        let elsewhere = harness.get("/.auth/callback?code=c&state=\(attempt.state)")
        #expect(elsewhere.status == 400)
        #expect(tokenRequests(harness) == 0)
    }

    @Test func anExpiredTransactionIsA400() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        let attempt = harness.login(rd: "/docs/", jar: &jar)
        harness.clock.advance(by: 601)
        harness.answerToken(try harness.idToken(for: attempt))
        let response = harness.callback(attempt, jar: &jar)
        #expect(response.status == 400)
        #expect(response.text.contains("expired"))
        #expect(issuesNoSession(response, harness: harness))
        #expect(tokenRequests(harness) == 0)
    }

    @Test func aTransactionCannotBeReplayed() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        let attempt = harness.login(rd: "/docs/", jar: &jar)
        let transactionCookie = jar.header
        harness.answerToken(try harness.idToken(for: attempt))
        #expect(harness.callback(attempt, jar: &jar).status == 303)
        // The browser dropped the transaction cookie; a request without it cannot complete again.
        #expect(harness.callback(attempt, jar: &jar).status == 400)
        #expect(!transactionCookie.isEmpty)
    }
}
