import Foundation
import Testing

@testable import EntraAuth

/// `/.auth/sign-in-required`, `/.auth/logout`, `/.auth/me`, `/.auth/health`, and unknown paths.
struct SessionEndpointsTests {
    @Test(arguments: [nil, "navigate"])
    func navigationsAreSentToSignInWithTheOriginalURI(mode: String?) throws {
        let harness = try AuthHarness()
        var headers = ["X-Original-URI": "/docs/a?x=1&y=%2F"]
        headers["Sec-Fetch-Mode"] = mode
        let response = harness.get("/.auth/sign-in-required", headers: headers)
        #expect(response.status == 302)
        #expect(response.header("Location") == "/.auth/login?rd=%2Fdocs%2Fa%3Fx%3D1%26y%3D%252F")
        let rd = FormEncoding.decode(String(response.header("Location")?.split(separator: "?")[1] ?? ""))["rd"]
        #expect(rd == "/docs/a?x=1&y=%2F")
    }

    @Test(arguments: ["cors", "no-cors", "same-origin"])
    func fetchesKeepAPlain401(mode: String) throws {
        let harness = try AuthHarness()
        let response = harness.get(
            "/.auth/sign-in-required", headers: ["X-Original-URI": "/docs/", "Sec-Fetch-Mode": mode])
        #expect(response.status == 401)
        #expect(response.header("Location") == nil)
    }

    @Test(arguments: [nil, "no-cors"])
    func aCookieWhoseSessionEndedEmptiesTheCacheOnce(mode: String?) throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        #expect(try harness.signIn(jar: &jar).status == 303)
        var headers = ["X-Original-URI": "/docs/"]
        headers["Sec-Fetch-Mode"] = mode
        #expect(
            harness.get("/.auth/sign-in-required", headers: headers, jar: CookieJar()).header("Clear-Site-Data") == nil)
        let session = try #require(harness.session(in: jar))
        #expect(try harness.endpoints.sessions.end(.session(id: session.id)) == 1)

        let first = harness.get("/.auth/sign-in-required", headers: headers, jar: jar)
        #expect(first.status == (mode == nil ? 302 : 401))
        #expect(first.header("Clear-Site-Data") == "\"cache\"")
        #expect(
            first.headers("Set-Cookie").contains {
                $0.hasPrefix("__Host-sitegen-session=;") && $0.contains("Max-Age=0")
            })
        jar.apply(first)
        let second = harness.get("/.auth/sign-in-required", headers: headers, jar: jar)
        #expect(second.header("Clear-Site-Data") == nil)
        #expect(second.headers("Set-Cookie").isEmpty)
    }

    @Test func anUnsafeOriginalURIIsNotCarriedIntoTheLoginRedirect() throws {
        let harness = try AuthHarness()
        let response = harness.get("/.auth/sign-in-required", headers: ["X-Original-URI": "//evil.example/x"])
        #expect(response.header("Location") == "/.auth/login?rd=%2F")
    }

    @Test func logoutClearsTheSessionAndGoesThroughMicrosoftWithALogoutHint() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        #expect(try harness.signIn(jar: &jar).status == 303)
        let response = harness.get("/.auth/logout", headers: ["Sec-Fetch-Site": "same-origin"], jar: jar)
        #expect(response.status == 302)
        #expect(response.header("Clear-Site-Data") == "\"cache\"")
        let location = try #require(response.header("Location"))
        #expect(location.hasPrefix(harness.idp.endSessionEndpoint.absoluteString + "?"))
        let query = FormEncoding.decode(String(location.split(separator: "?", maxSplits: 1)[1]))
        #expect(query["post_logout_redirect_uri"] == "https://site.example/signed-out/")
        #expect(query["client_id"] == TestProvider.clientID)
        #expect(query["logout_hint"] == harness.idp.claims(nonce: "", now: 0)["login_hint"]?.stringValue)

        let cleared = response.headers("Set-Cookie")
        #expect(cleared.map { $0.prefix { $0 != "=" } } == ["__Host-sitegen-session", "__Host-sitegen-check"])
        #expect(cleared.allSatisfy { $0.contains("=;") && $0.contains("Max-Age=0") && $0.contains("Secure") })
        jar.apply(response)
        #expect(jar.names.isEmpty)
        #expect(harness.get("/.auth/check", headers: ["X-Original-URI": "/docs/"], jar: jar).status == 401)
        #expect(harness.logs.lines.contains { $0.contains("event=signed_out") && $0.contains(TestProvider.tenantID) })
    }

    @Test func logoutWithoutALoginHintOrSessionSendsNoHint() throws {
        let harness = try AuthHarness()
        let withoutHint = try harness.jar(with: harness.session(loginHint: nil))
        for jar in [withoutHint, CookieJar()] {
            let response = harness.get("/.auth/logout", headers: ["Sec-Fetch-Site": "same-origin"], jar: jar)
            #expect(response.status == 302)
            let location = try #require(response.header("Location"))
            #expect(location.hasPrefix(harness.idp.endSessionEndpoint.absoluteString))
            #expect(!location.contains("logout_hint"))
            #expect(response.headers("Set-Cookie").first?.contains("Max-Age=0") == true)
        }
    }

    @Test func meAnswersTheUserAsUncachedJSON() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        #expect(try harness.signIn(jar: &jar).status == 303)
        let response = harness.get("/.auth/me", jar: jar)
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.header("Cache-Control") == "no-store")
        let user = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(user["name"] as? String == "Ann Lee")
        #expect(user["preferred_username"] as? String == "ann@contoso.example")
        #expect(user["email"] as? String == "ann.lee@contoso.example")
        #expect(user["tid"] as? String == TestProvider.tenantID)
        #expect(user["oid"] as? String == "00000000-0000-0000-66f3-3332eca7ea81")
        #expect(user["roles"] as? [String] == ["Finance.Read"])
        #expect(user["groups"] as? [String] == [])
        #expect(user["login_hint"] == nil)
    }

    @Test func meWithoutASessionIs401AndUncached() throws {
        let harness = try AuthHarness()
        for jar in [CookieJar(), try AuthHarness(cookieSecret: "attacker").jar(with: harness.session())] {
            let response = harness.get("/.auth/me", jar: jar)
            #expect(response.status == 401)
            #expect(response.header("Cache-Control") == "no-store")
        }
    }

    @Test func healthIs503UntilTheManifestLoadsThen200() throws {
        let harness = try AuthHarness(manifest: nil)
        #expect(harness.get("/.auth/health").status == 503)
        try harness.folder.write(
            "access.json", String(decoding: try JSONEncoder().encode(AuthHarness.defaultManifest()), as: UTF8.self))
        #expect(harness.manifest.reloadIfChanged() == nil)
        let response = harness.get("/.auth/health")
        #expect(response.status == 200)
        #expect(response.text == "ok\n")
    }

    @Test func healthIs503WhileTheProviderIsNotLoaded() throws {
        let harness = try AuthHarness(startProvider: false)
        #expect(harness.get("/.auth/health").status == 503)
        try harness.provider.start()
        #expect(harness.get("/.auth/health").status == 200)
    }

    @Test func unknownAuthPathsAre404() throws {
        let harness = try AuthHarness(redirectURI: "https://site.example/oauth2callback")
        #expect(harness.get("/.auth/admin").status == 404)
        #expect(harness.get("/.auth/callback?code=x&state=y").status == 404)
    }
}
