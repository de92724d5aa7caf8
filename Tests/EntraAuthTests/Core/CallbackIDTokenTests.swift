import Foundation
import Testing

@testable import EntraAuth

/// The redirect URI's ID-token validation: claims, signature and tenant decide whether a session starts.
struct CallbackIDTokenTests {
    @Test(arguments: [
        ("nonce", JSONValue.string("another-attempt")), ("aud", "someone-else"),
        ("iss", "https://login.microsoftonline.com/f8cdef31-a31e-4b4a-93e4-5f571e91255a/v2.0"), ("iat", nil),
        ("sub", nil), ("exp", 1_699_990_000),
    ])
    func anInvalidIDTokenIsRefusedWithAPageAndALogLine(claim: String, value: JSONValue?) throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        let attempt = harness.login(rd: "/docs/", jar: &jar)
        harness.answerToken(try harness.idToken(for: attempt, changing: [claim: value]))
        let response = harness.callback(attempt, jar: &jar)
        #expect(response.status == 403)
        #expect(response.text.contains("could not be verified"))
        #expect(issuesNoSession(response, harness: harness))
        #expect(jar.names.isEmpty)
        let id = try #require(correlation(in: response.text))
        let line = try #require(harness.logs.lines.first { $0.contains("correlation=\(id)") })
        #expect(line.contains("event=signin_refused"))
        #expect(line.contains("reason="))
    }

    @Test func aBadlySignedIDTokenIsRefused() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        let attempt = harness.login(rd: "/docs/", jar: &jar)
        let claims = harness.idp.claims(nonce: attempt.nonce, now: harness.clock.seconds)
        harness.answerToken(try harness.idp.idToken(claims, kid: "k1", key: TestKeys.second))
        let response = harness.callback(attempt, jar: &jar)
        #expect(response.status == 403)
        #expect(issuesNoSession(response, harness: harness))
        #expect(harness.logs.lines.contains { $0.contains("signature does not verify") })
    }

    @Test func aTenantOutsideAllowedTenantsIsRefused() throws {
        let harness = try AuthHarness(
            allowedTenants: [TestProvider.otherTenantID], idp: .multiTenant("organizations"))
        var jar = CookieJar()
        let response = try harness.signIn(jar: &jar)
        #expect(response.status == 403)
        #expect(response.text.contains("not allowed to sign in"))
        #expect(issuesNoSession(response, harness: harness))
    }

    @Test func aMultiTenantSignInFromAnAllowedTenantSucceeds() throws {
        let harness = try AuthHarness(allowedTenants: [TestProvider.tenantID], idp: .multiTenant("common"))
        var jar = CookieJar()
        #expect(try harness.signIn(jar: &jar).status == 303)
        #expect(jar.names == ["__Host-sitegen-session", "__Host-sitegen-check"])
    }
}
