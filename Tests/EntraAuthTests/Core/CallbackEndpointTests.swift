import AccessRules
import Foundation
import Testing

@testable import EntraAuth

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The redirect URI: a sign-in that succeeds, how the code is redeemed, the session it starts, and what it never shows.
struct CallbackEndpointTests {
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
