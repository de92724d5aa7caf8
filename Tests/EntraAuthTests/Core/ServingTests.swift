import Foundation
import Testing

@testable import EntraAuth

/// Which requests may wait on the network, and that sign-in never does when the provider was never reached.
struct ServingTests {
    @Test func onlyTheCallbackWaitsOnTheNetwork() throws {
        let harness = try AuthHarness(redirectURI: "https://site.example/oauth2callback")
        for path in ["/.auth/check", "/.auth/login", "/.auth/logout", "/.auth/me", "/.auth/health", "/x"] {
            let request = Request(method: "GET", target: path, headers: [:])
            #expect(!harness.endpoints.router.route(for: request).waitsOnNetwork, "\(path)")
        }
        let callback = Request(method: "GET", target: "/oauth2callback?code=x", headers: [:])
        #expect(harness.endpoints.router.route(for: callback).waitsOnNetwork)
    }

    @Test func signInNeverFetchesEvenWhenTheProviderWasNeverReached() throws {
        let harness = try AuthHarness(startProvider: false)
        let page = harness.get("/.auth/login?rd=/docs/")
        #expect(page.status == 503)
        #expect(harness.http.callCount(harness.idp.metadataURL) == 0)
    }
}
