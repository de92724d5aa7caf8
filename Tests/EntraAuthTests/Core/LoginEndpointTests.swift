import Foundation
import Testing

@testable import EntraAuth

/// `/.auth/login`: PKCE S256, a fresh state/nonce/verifier per attempt, one sealed cookie per attempt.
struct LoginEndpointTests {
    @Test func pkceS256MatchesRFC7636AppendixB() {
        let transaction = LoginTransaction(
            state: "s", nonce: "n", verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk", returnPath: "/",
            createdAt: 0)
        #expect(transaction.codeChallenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }

    @Test func theAuthorizeRedirectCarriesEverythingEntraNeeds() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        let attempt = harness.login(rd: "/docs/", jar: &jar)
        #expect(attempt.response.status == 302)
        let location = try #require(attempt.response.header("Location"))
        #expect(location.hasPrefix(harness.idp.authorizationEndpoint.absoluteString + "?"))
        #expect(attempt.response.header("Cache-Control") == "no-store")

        let query = attempt.query
        #expect(query["client_id"] == TestProvider.clientID)
        #expect(query["response_type"] == "code")
        #expect(query["response_mode"] == "query")
        #expect(query["redirect_uri"] == "https://site.example/.auth/callback")
        #expect(query["code_challenge_method"] == "S256")
        let scopes = Set((query["scope"] ?? "").split(separator: " ").map(String.init))
        #expect(scopes.isSuperset(of: ["openid", "profile", "email"]))
        #expect(attempt.state.count >= 32)
        #expect(attempt.nonce.count >= 32)
        #expect(attempt.state != attempt.nonce)
        let challenge = try #require(query["code_challenge"])
        #expect(Base64URL.decode(challenge)?.count == 32)
        #expect(query["prompt"] == nil)
        #expect(harness.logs.lines.contains { $0.contains("event=login_start") && $0.contains("rd=/docs/") })
    }

    @Test func theTransactionCookieIsSealedShortLivedAndHostPrefixed() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        let attempt = harness.login(rd: "/docs/", jar: &jar)
        let cookies = attempt.response.headers("Set-Cookie")
        #expect(cookies.count == 1)
        let cookie = try #require(cookies.first)
        #expect(cookie.hasPrefix("__Host-sitegen-tx-" + attempt.state.prefix(1) + "="))
        #expect(LoginTransaction.slot(ofState: attempt.state) != nil)
        for attribute in ["; Path=/", "; HttpOnly", "; SameSite=Lax", "; Secure", "; Max-Age=600"] {
            #expect(cookie.contains(attribute), "\(attribute)")
        }
        #expect(!cookie.contains("Domain"))
        // Sealed: neither the verifier nor the nonce nor the return path is readable in it.
        #expect(!cookie.contains(attempt.nonce))
        #expect(!cookie.contains("docs"))
    }

    @Test func eachAttemptGetsFreshValuesAndItsOwnCookie() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        let first = harness.login(rd: "/a/", jar: &jar)
        let second = harness.login(rd: "/b/", jar: &jar)
        #expect(first.state != second.state)
        #expect(first.nonce != second.nonce)
        #expect(first.query["code_challenge"] != second.query["code_challenge"])
        #expect(jar.names.count == 2)
        #expect(Set(jar.names).count == 2)
    }

    @Test func twoSignInsInParallelBothComplete() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        let first = harness.login(rd: "/docs/a", jar: &jar)
        let second = harness.login(rd: "/secret/", jar: &jar)

        harness.answerToken(try harness.idToken(for: second))
        let secondDone = harness.callback(second, jar: &jar)
        #expect(secondDone.status == 303)
        #expect(secondDone.header("Location") == "/secret/")

        harness.answerToken(try harness.idToken(for: first))
        let firstDone = harness.callback(first, jar: &jar)
        #expect(firstDone.status == 303)
        #expect(firstDone.header("Location") == "/docs/a")
        #expect(!jar.names.contains { $0.hasPrefix("__Host-sitegen-tx-") })
    }

    @Test func aFourthOpenAttemptTakesTheOldestSlot() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        var attempts: [LoginAttempt] = []
        for number in 0..<3 {
            attempts.append(harness.login(rd: "/\(number)/", jar: &jar))
            harness.clock.advance(by: 1)
        }
        #expect(Set(jar.names) == ["__Host-sitegen-tx-0", "__Host-sitegen-tx-1", "__Host-sitegen-tx-2"])

        let fourth = harness.login(rd: "/3/", jar: &jar)
        #expect(fourth.state.prefix(1) == attempts[0].state.prefix(1))
        #expect(jar.names.count == 3)

        harness.answerToken(try harness.idToken(for: attempts[0]))
        #expect(harness.callback(attempts[0], jar: &jar).status == 400)
        harness.answerToken(try harness.idToken(for: attempts[1]))
        #expect(harness.callback(attempts[1], jar: &jar).header("Location") == "/1/")
        harness.answerToken(try harness.idToken(for: fourth))
        #expect(harness.callback(fourth, jar: &jar).header("Location") == "/3/")
    }

    /// Filled with the characters JSON could escape into two or six bytes, as well as a plain letter.
    @Test(arguments: ["a", "\"", "/", "<", "&", "'", "~"])
    func aCookieBombOfSignInsStartedAtOnceStaysWithinNginxsHeaderLimit(filler: String) throws {
        let harness = try AuthHarness()
        let longest = "/x" + String(repeating: filler, count: ReturnPath.maximumLength - 2)
        // Every request carries the same cookies, as when a page opens /.auth/login many times at once.
        let sent = CookieJar()
        var received = CookieJar()
        for _ in 0..<50 {
            var jar = sent
            let attempt = harness.login(rd: longest, jar: &jar)
            received.apply(attempt.response)
        }
        #expect(received.names.count <= LoginTransaction.slots)
        let session = try harness.jar(with: harness.session(roles: ["Finance.Read"]))
        let header = "Cookie: " + ([session.header, received.header].joined(separator: "; "))
        #expect(header.utf8.count < 6 * 1024, "nginx refuses a header line over 8 KiB; \(header.utf8.count) bytes")
    }

    @Test func cookiesOfOlderVersionsOutsideTheSlotsAreCleared() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        jar.apply(Response(status: 200, headers: [("Set-Cookie", "__Host-sitegen-tx-AbCdEfGhIjKlMnOp=xyz; Path=/")]))
        let next = harness.login(rd: "/new/", jar: &jar)
        #expect(next.response.headers("Set-Cookie").contains { $0.hasPrefix("__Host-sitegen-tx-AbCdEfGhIjKlMnOp=;") })
        #expect(jar.names.count == 1)
    }

    @Test func expiredAndUnreadableTransactionCookiesAreCleared() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        _ = harness.login(rd: "/old/", jar: &jar)
        harness.clock.advance(by: 601)
        jar.apply(Response(status: 200, headers: [("Set-Cookie", "__Host-sitegen-tx-garbage=xyz; Path=/")]))
        let next = harness.login(rd: "/new/", jar: &jar)
        #expect(jar.names == ["__Host-sitegen-tx-" + next.state.prefix(1)])
    }

    @Test func theReturnPathIsSanitizedBeforeItIsSealed() throws {
        let harness = try AuthHarness()
        for (rd, expected) in [
            ("//evil.example", "/"), ("/\\evil.example", "/"), ("https://evil.example", "/"),
            ("/%2F%2Fevil.example", "/"), ("/x%0d%0aSet-Cookie:a=b", "/"), ("/docs/a?b=c#d", "/docs/a?b=c#d"),
            ("/a\"b?q=\"x\"", "/a%22b?q=%22x%22"),
        ] {
            var jar = CookieJar()
            let attempt = harness.login(rd: rd, jar: &jar)
            harness.answerToken(try harness.idToken(for: attempt))
            let done = harness.callback(attempt, jar: &jar)
            #expect(done.status == 303, "\(rd)")
            #expect(done.header("Location") == expected, "\(rd)")
        }
    }

    @Test func optionsAndExtraScopesAreSent() throws {
        let harness = try AuthHarness()
        var config = harness.config
        config.prompt = "select_account"
        config.domainHint = "contoso.example"
        config.extraScopes = ["User.Read"]
        let endpoints = AuthEndpoints(
            config: config, provider: harness.provider, manifest: harness.manifest,
            sessionStore: harness.sessionStore, http: harness.http,
            time: harness.clock, random: harness.random, log: harness.logs.log(time: harness.clock))
        let response = endpoints.router.respond(
            to: Request(method: "GET", target: "/.auth/login?rd=%2F&login_hint=ann%40contoso.example", headers: [:]))
        let location = try #require(response.header("Location"))
        let query = FormEncoding.decode(String(location.split(separator: "?", maxSplits: 1)[1]))
        #expect(query["prompt"] == "select_account")
        #expect(query["domain_hint"] == "contoso.example")
        #expect(query["login_hint"] == "ann@contoso.example")
        #expect(query["scope"] == "openid profile email User.Read")
    }

    @Test func anUnreachableProviderGivesAReadablePageNotARedirect() throws {
        let harness = try AuthHarness(startProvider: false)
        harness.http.isUnreachable = true
        var jar = CookieJar()
        let attempt = harness.login(rd: "/docs/", jar: &jar)
        #expect(attempt.response.status == 503)
        #expect(attempt.response.header("Content-Type")?.hasPrefix("text/html") == true)
        #expect(attempt.response.text.contains("/.auth/login?rd=%2Fdocs%2F"))
        #expect(attempt.response.text.contains("Sign-in is unavailable"))
        #expect(attempt.response.headers("Set-Cookie").isEmpty)
    }
}
