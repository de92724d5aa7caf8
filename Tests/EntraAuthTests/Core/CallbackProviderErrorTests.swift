import Foundation
import Testing

@testable import EntraAuth

/// The redirect URI when the provider says no: its errors and a refused or unreachable token endpoint, shown as pages.
struct CallbackProviderErrorTests {
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
}
