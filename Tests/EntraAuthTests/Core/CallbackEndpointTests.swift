import AccessRules
import Foundation
import Testing

@testable import EntraAuth

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The redirect URI: state check, provider errors, code redemption, ID-token validation, and the new session.
struct CallbackEndpointTests {
    /// The correlation id shown on an error page.
    func correlation(in text: String) -> String? {
        guard let label = text.range(of: "<dt>Correlation id</dt><dd><code>"),
            let end = text[label.upperBound...].range(of: "</code>")
        else { return nil }
        return String(text[label.upperBound..<end.lowerBound])
    }

    /// No `Set-Cookie` in `response` starts a session.
    func issuesNoSession(_ response: Response, harness: AuthHarness) -> Bool {
        !response.headers("Set-Cookie").contains {
            $0.hasPrefix(harness.sessionCookieName + "=") && !$0.contains("Max-Age=0")
        }
    }

    @Test func successRedirectsWithA303AndStartsASecureSession() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        let attempt = harness.login(rd: "/docs/a?b=c", jar: &jar)
        harness.answerToken(try harness.idToken(for: attempt))
        let response = harness.callback(attempt, jar: &jar)

        #expect(response.status == 303)
        #expect(response.header("Location") == "/docs/a?b=c")
        #expect(response.header("Cache-Control") == "no-store")
        let cookies = response.headers("Set-Cookie")
        let session = try #require(cookies.first { $0.hasPrefix("__Host-sitegen-session=") })
        for attribute in ["; Path=/", "; HttpOnly", "; SameSite=Lax", "; Secure", "; Max-Age=28800"] {
            #expect(session.contains(attribute), "\(attribute)")
        }
        #expect(!session.contains("Domain"))
        let transactionName = "__Host-sitegen-tx-" + attempt.state.prefix(1)
        #expect(cookies.contains { $0.hasPrefix(transactionName + "=;") && $0.contains("Max-Age=0") })
        #expect(jar.names == ["__Host-sitegen-session", "__Host-sitegen-check"])

        let opened = try #require(harness.session(in: jar))
        #expect(opened.tenantID == TestProvider.tenantID)
        #expect(opened.objectID == "00000000-0000-0000-66f3-3332eca7ea81")
        #expect(opened.roles == ["Finance.Read"])
        #expect(opened.groups.isEmpty)
        #expect(opened.expiresAt == harness.clock.seconds + 8 * 3600)
        #expect(harness.logs.lines.contains { $0.contains("event=signed_in") && $0.contains("name=\"Ann Lee\"") })
    }

    /// The form the token endpoint received, decoded.
    func tokenRequestForm(_ harness: AuthHarness) throws -> [String: String] {
        let request = try #require(harness.http.requests(to: harness.idp.tokenEndpoint).last)
        return FormEncoding.decode(String(decoding: request.httpBody ?? Data(), as: UTF8.self))
    }

    @Test func theCodeIsRedeemedWithTheVerifierBehindTheAttemptsChallenge() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        let attempt = harness.login(rd: "/docs/", jar: &jar)
        harness.answerToken(try harness.idToken(for: attempt))
        #expect(harness.callback(attempt, code: "the-code", jar: &jar).status == 303)

        let form = try tokenRequestForm(harness)
        #expect(form["grant_type"] == "authorization_code")
        #expect(form["code"] == "the-code")
        #expect(form["redirect_uri"] == "https://site.example/.auth/callback")
        #expect(form["client_id"] == TestProvider.clientID)
        #expect(form["client_secret"] == AuthHarness.clientSecret)
        let verifier = try #require(form["code_verifier"])
        #expect(verifier.count >= 43)
        #expect(Base64URL.encode(SHA256Digest.hash(Array(verifier.utf8))) == attempt.query["code_challenge"])
    }

    @Test func withACertificateTheCodeIsRedeemedWithAnAssertionAndNoSecret() throws {
        let certificate = try X509Certificate.selfSigned(for: TestKeys.third, commonName: "sitegen-auth", days: 1)
        let harness = try AuthHarness(
            clientAuthentication: .privateKeyJWT(certificate: certificate, key: TestKeys.third))
        var jar = CookieJar()
        #expect(try harness.signIn(jar: &jar).status == 303)

        let form = try tokenRequestForm(harness)
        #expect(form["client_secret"] == nil)
        #expect(form["client_assertion_type"] == "urn:ietf:params:oauth:client-assertion-type:jwt-bearer")
        let assertion = try CompactJWS(try #require(form["client_assertion"]))
        #expect(assertion.header.x5tS256 == Base64URL.encode(certificate.sha256Thumbprint))
        #expect(try assertion.claims()["aud"]?.stringValue == harness.idp.tokenEndpoint.absoluteString)
        #expect(
            TestKeys.third.publicKey.isValidSignature(
                assertion.signature, for: assertion.signingInput, algorithm: .ps256))
    }

    @Test func aLoopbackHTTPSiteGetsUnprefixedCookiesWithoutSecure() throws {
        let harness = try AuthHarness(redirectURI: "http://127.0.0.1:8080/oauth2callback")
        var jar = CookieJar()
        let attempt = harness.login(rd: "/docs/", jar: &jar)
        #expect(attempt.query["redirect_uri"] == "http://127.0.0.1:8080/oauth2callback")
        let transaction = try #require(attempt.response.headers("Set-Cookie").first)
        #expect(transaction.hasPrefix("sitegen-tx-"))
        #expect(!transaction.contains("Secure"))

        harness.answerToken(try harness.idToken(for: attempt))
        let response = harness.callback(attempt, jar: &jar)
        #expect(response.status == 303)
        let session = try #require(response.headers("Set-Cookie").first { $0.hasPrefix("sitegen-session=") })
        #expect(!session.contains("Secure"))
        #expect(!session.contains("__Host-"))
        #expect(session.contains("HttpOnly"))
        #expect(session.contains("SameSite=Lax"))
    }

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

    func tokenRequests(_ harness: AuthHarness) -> Int { harness.http.callCount(harness.idp.tokenEndpoint) }

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

    @Test func aProviderErrorShowsTheAADSTSCodeACorrelatedLogLineAndARetryLink() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        let attempt = harness.login(rd: "/secret/", jar: &jar)
        let description = "AADSTS65004: User declined to consent to access the app."
        let response = harness.get(
            "/.auth/callback?error=access_denied&error_description=\(FormEncoding.escape(description))"
                + "&state=\(attempt.state)",
            jar: jar)
        jar.apply(response)

        #expect(response.status == 403)
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        let page = response.text
        #expect(page.contains("AADSTS65004"))
        #expect(page.contains("User declined to consent"))
        #expect(page.contains("access_denied"))
        #expect(page.contains(#"href="/.auth/login?rd=%2Fsecret%2F""#))
        #expect(page.contains("Try again"))
        let id = try #require(correlation(in: page))
        #expect(id.count == 16)
        let line = try #require(harness.logs.lines.first { $0.contains("event=signin_refused") })
        #expect(line.contains("correlation=\(id)"))
        #expect(line.contains("code=AADSTS65004"))
        #expect(issuesNoSession(response, harness: harness))
        #expect(jar.names.isEmpty)
        #expect(tokenRequests(harness) == 0)
    }

    @Test func aProviderErrorWithoutStateShowsOnlyWellFormedCodesAndRetriesTheNewestAttempt() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        _ = harness.login(rd: "/older/", jar: &jar)
        harness.clock.advance(by: 5)
        _ = harness.login(rd: "/newest/", jar: &jar)
        let description = "AADSTS65004: Call +1 555 0100 to restore your account"
        let response = harness.get(
            "/.auth/callback?error=access_denied&error_description=\(FormEncoding.escape(description))", jar: jar)

        #expect(response.status == 403)
        let page = response.text
        #expect(page.contains("access_denied") && page.contains("AADSTS65004"))
        #expect(!page.contains("555 0100"), "free text from a link without state must not be shown")
        #expect(page.contains(#"href="/.auth/login?rd=%2Fnewest%2F""#))
        #expect(response.headers("Set-Cookie").count == 1)
        #expect(issuesNoSession(response, harness: harness))

        let forged = harness.get("/.auth/callback?error=%3Cscript%3E", jar: CookieJar())
        #expect(forged.text.contains("unknown_error") && !forged.text.contains("<script>"))
        #expect(forged.text.contains(#"href="/.auth/login?rd=%2F""#))
    }

    @Test func providerErrorTextIsEscapedOnThePage() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        let attempt = harness.login(rd: "/", jar: &jar)
        let response = harness.get(
            "/.auth/callback?error=%3Cscript%3E&error_description=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E"
                + "&state=\(attempt.state)",
            jar: jar)
        #expect(!response.text.contains("<script>"))
        #expect(!response.text.contains("<img"))
        #expect(response.text.contains("&lt;img src=x onerror=alert(1)&gt;"))
    }

    @Test func aRefusedTokenRedemptionShowsAReadablePage() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        let attempt = harness.login(rd: "/docs/", jar: &jar)
        harness.http.answer(
            harness.idp.tokenEndpoint, status: 400,
            body: #"{"error":"invalid_grant","error_description":"AADSTS54005: Code was already redeemed."}"#)
        let response = harness.callback(attempt, jar: &jar)
        #expect(response.status == 403)
        #expect(response.header("Content-Type")?.hasPrefix("text/html") == true)
        #expect(response.text.contains("AADSTS54005"))
        #expect(response.text.contains("invalid_grant"))
        #expect(response.text.contains(#"href="/.auth/login?rd=%2Fdocs%2F""#))
        let id = try #require(correlation(in: response.text))
        #expect(harness.logs.lines.contains { $0.contains("correlation=\(id)") && $0.contains("error=invalid_grant") })
        #expect(issuesNoSession(response, harness: harness))
    }

    @Test func anUnreachableTokenEndpointIsA502Page() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        let attempt = harness.login(rd: "/docs/", jar: &jar)
        harness.http.isUnreachable = true
        let response = harness.callback(attempt, jar: &jar)
        #expect(response.status == 502)
        #expect(response.text.contains("Try again"))
        #expect(issuesNoSession(response, harness: harness))
    }

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

    @Test func groupsAreKeptWhenRulesUseThemHoweverManyTheCookieStaysSmall() throws {
        let manifest = AuthHarness.defaultManifest(extra: [
            ("/team/", .restricted(Requirement(groups: [AuthHarness.teamGroup])))
        ])
        let harness = try AuthHarness(manifest: manifest)
        var jar = CookieJar()
        #expect(try harness.signIn(changing: ["groups": [.string(AuthHarness.teamGroup)]], jar: &jar).status == 303)
        let allowed = harness.get("/.auth/check", headers: ["X-Original-URI": "/team/"], jar: jar)
        #expect(allowed.status == 204)

        var crowded = CookieJar()
        let groups = (0..<199).map { JSONValue.string(String(format: "%08x-1111-4000-8000-%012x", $0, $0)) }
        let response = try harness.signIn(
            changing: ["groups": .array(groups + [.string(AuthHarness.teamGroup)])], jar: &crowded)
        #expect(response.status == 303)
        #expect(crowded.header.utf8.count < 200)
        #expect(harness.get("/.auth/check", headers: ["X-Original-URI": "/team/"], jar: crowded).status == 204)
        #expect(harness.session(in: crowded)?.groups.count == 200)
    }

    @Test func noTokenCodeOrSecretAppearsInAnyPageOrLogLine() throws {
        let harness = try AuthHarness()
        var responses: [Response] = []
        var tokens: [String] = []
        let code = "0.AUTHCODE-must-never-leak"

        var jar = CookieJar()
        let attempt = harness.login(rd: "/docs/", jar: &jar)
        responses.append(attempt.response)
        let token = try harness.idToken(for: attempt)
        tokens.append(token)
        harness.answerToken(token)
        responses.append(harness.callback(attempt, code: code, jar: &jar))
        responses.append(harness.get("/.auth/me", jar: jar))
        responses.append(harness.get("/.auth/check", headers: ["X-Original-URI": "/secret/"], jar: jar))
        responses.append(harness.get("/.auth/logout", headers: ["Sec-Fetch-Site": "same-origin"], jar: jar))

        // Refusals: a bad nonce, a refused redemption, a provider error.
        var refusedJar = CookieJar()
        let refused = harness.login(rd: "/docs/", jar: &refusedJar)
        let badToken = try harness.idToken(for: refused, changing: ["nonce": "other"])
        tokens.append(badToken)
        harness.answerToken(badToken)
        responses.append(harness.callback(refused, code: code, jar: &refusedJar))

        let redeemed = harness.login(rd: "/docs/", jar: &refusedJar)
        harness.http.answer(
            harness.idp.tokenEndpoint, status: 400,
            body: #"{"error":"invalid_grant","error_description":"AADSTS70008: expired"}"#)
        responses.append(harness.callback(redeemed, code: code, jar: &refusedJar))

        let errored = harness.login(rd: "/docs/", jar: &refusedJar)
        responses.append(harness.get("/.auth/callback?error=server_error&state=\(errored.state)", jar: refusedJar))

        let shown = harness.everythingShown(responses)
        #expect(!harness.logs.lines.isEmpty)
        #expect(!shown.contains(code))
        #expect(!shown.contains("AUTHCODE"))
        #expect(!shown.contains(AuthHarness.clientSecret))
        for token in tokens {
            #expect(!shown.contains(token))
            #expect(!shown.contains(token.split(separator: ".")[1]))
            #expect(!shown.contains(token.split(separator: ".")[2]))
        }
        #expect(!shown.contains(strongSecret()))
    }
}
