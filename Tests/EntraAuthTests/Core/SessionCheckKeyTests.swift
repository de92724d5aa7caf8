import Testing

@testable import EntraAuth

/// The check key: the cookie nginx keys its check cache on instead of the session cookie, and the check's refusal to
/// let nginx keep an answer filed under a key that is not its session cookie's.
struct SessionCheckKeyTests {
    func check(_ harness: AuthHarness, headers: [String: String]) -> Response {
        harness.get("/.auth/check", headers: headers.merging(["X-Original-URI": "/secret/"]) { first, _ in first })
    }

    /// nginx's `secure_link_md5` compares the base64url MD5 of the cookie value without padding (RFC 1321's "abc").
    @Test func theKeyIsTheUnpaddedBase64urlMD5OfTheCookieValue() {
        #expect(SessionCookie.checkKey(of: "abc") == "kAFQmDzST7DWlj99KOF_cg")
        #expect(SessionCookie.checkKey(of: "") == "1B2M2Y8AsgTpgAmY7PhCfg")
    }

    @Test func aSignInSetsTheKeyOfItsSessionCookieWithTheSameLifetime() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        let response = try harness.signIn(jar: &jar)
        let lines = response.headers("Set-Cookie")
        let session = try #require(lines.first { $0.hasPrefix("__Host-sitegen-session=") })
        let key = try #require(lines.first { $0.hasPrefix("__Host-sitegen-check=") })
        let value = try #require(jar.value("__Host-sitegen-session"))
        #expect(jar.value("__Host-sitegen-check") == SessionCookie.checkKey(of: value[...]))
        #expect(session.split(separator: ";").dropFirst() == key.split(separator: ";").dropFirst())
    }

    @Test func theCheckLetsNginxKeepAnAnswerOnlyUnderItsOwnSessionCookiesKey() throws {
        let harness = try AuthHarness()
        let jar = try harness.jar(with: harness.session(roles: ["Finance.Read"]))
        let cookie = jar.header
        let own = try #require(jar.value("__Host-sitegen-check"))
        let other = try harness.jar(with: harness.session(roles: ["Finance.Read"])).value("__Host-sitegen-check")
        #expect(own != other)
        let kept = check(harness, headers: ["Cookie": cookie, "X-Sitegen-Check-Key": own])
        #expect(kept.status == 204)
        #expect(kept.header("X-Accel-Expires") == nil)
        for key in [other, "", "kAFQmDzST7DWlj99KOF_cg", own + "x"] {
            let answer = check(harness, headers: ["Cookie": cookie, "X-Sitegen-Check-Key": key ?? ""])
            #expect(answer.status == 204)
            #expect(answer.header("X-Accel-Expires") == "0", "key \(key ?? "nil")")
        }
    }

    /// A configuration that passes no key (an older snippet still keying on the cookie) gets no answer kept.
    @Test func withoutAKeyFromNginxNoAnswerIsKept() throws {
        let harness = try AuthHarness()
        let jar = try harness.jar(with: harness.session(roles: ["Finance.Read"]))
        let answer = check(harness, headers: ["Cookie": jar.header, "X-Sitegen-Check-Key": ""])
        #expect(answer.status == 204)
        #expect(answer.header("X-Accel-Expires") == "0")
    }

    @Test func signingOutAndEndedSessionsClearTheKeyToo() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        _ = try harness.signIn(jar: &jar)
        let logout = harness.get("/.auth/logout", headers: ["Sec-Fetch-Site": "same-origin"], jar: jar)
        let cleared = logout.headers("Set-Cookie").filter { $0.contains("Max-Age=0") }
        #expect(cleared.contains { $0.hasPrefix("__Host-sitegen-session=;") })
        #expect(cleared.contains { $0.hasPrefix("__Host-sitegen-check=;") })
    }
}
