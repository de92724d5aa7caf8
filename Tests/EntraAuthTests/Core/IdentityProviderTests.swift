import Foundation
import Testing

@testable import EntraAuth

/// Discovery at start-up, and the disk cache that lets a restart work while the provider is unreachable.
struct IdentityProviderTests {
    let folder = TemporaryFolder()
    let clock = MovableClock()
    let idp = TestProvider.singleTenant

    func provider(_ http: FakeHTTPClient, logs: LogCapture = LogCapture()) -> IdentityProvider {
        IdentityProvider(
            metadataURL: idp.metadataURL, http: http, time: clock, cacheDirectory: folder.path + "/cache",
            log: logs.log(time: clock))
    }

    @Test func startUsesTheDiscoveredEndpoints() throws {
        let http = FakeHTTPClient()
        idp.serve(on: http)
        let provider = provider(http)
        let report = try provider.start()
        #expect(report.contains("1 signing keys"))
        let loaded = try provider.current()
        let metadata = loaded.metadata
        #expect(metadata.authorizationEndpoint == idp.authorizationEndpoint)
        #expect(metadata.tokenEndpoint == idp.tokenEndpoint)
        #expect(metadata.jwksURI == idp.jwksURI)
        #expect(metadata.endSessionEndpoint == idp.endSessionEndpoint)
        #expect(loaded.issuerPolicy == .exact(idp.discoveredIssuer))
        #expect(provider.isReady)
    }

    @Test func aReachableProviderIsCachedAndARestartWithoutItUsesTheCache() throws {
        let online = FakeHTTPClient()
        idp.serve(on: online)
        try provider(online).start()
        #expect(FileManager.default.fileExists(atPath: folder.path + "/cache/provider-cache.json"))

        let offline = FakeHTTPClient()
        offline.isUnreachable = true
        let logs = LogCapture()
        let restarted = provider(offline, logs: logs)
        let report = try restarted.start()
        #expect(report.contains("cached"))
        #expect(restarted.isReady)
        #expect(try restarted.current().metadata.tokenEndpoint == idp.tokenEndpoint)
        let key = try restarted.key(for: "k1")
        let message = Array("cached".utf8)
        #expect(
            key.key.isValidSignature(
                try TestKeys.first.signature(for: message, algorithm: .rs256), for: message, algorithm: .rs256))
        #expect(logs.lines.contains { $0.contains("event=provider_cache_used") })
    }

    @Test func anHTTPErrorAtStartAlsoFallsBackToTheCache() throws {
        let online = FakeHTTPClient()
        idp.serve(on: online)
        try provider(online).start()

        let failing = FakeHTTPClient()
        failing.answer(idp.metadataURL, status: 503, body: "down")
        #expect(try provider(failing).start().contains("cached"))
    }

    @Test func withoutACacheAnUnreachableProviderIsAReadableStartUpError() {
        let offline = FakeHTTPClient()
        offline.isUnreachable = true
        let provider = provider(offline)
        let error = #expect(throws: AuthError.self) { try provider.start() }
        #expect(error?.description.contains("cannot fetch the discovery document") == true)
        #expect(error?.description.contains("no cached copy") == true)
        #expect(!provider.isReady)
    }

    @Test func aCacheOfAnotherAuthorityIsNotUsed() throws {
        let online = FakeHTTPClient()
        let organizations = TestProvider.multiTenant("organizations")
        organizations.serve(on: online)
        try IdentityProvider(
            metadataURL: organizations.metadataURL, http: online, time: clock, cacheDirectory: folder.path + "/cache",
            log: AuthLog { _ in }
        ).start()

        let offline = FakeHTTPClient()
        offline.isUnreachable = true
        let error = #expect(throws: AuthError.self) { try provider(offline).start() }
        #expect(error?.description.contains("no cached copy") == true)
    }

    @Test func discoveryWithPlainHTTPEndpointsIsRefused() {
        let http = FakeHTTPClient()
        idp.serve(on: http)
        http.answer(
            idp.metadataURL,
            body: idp.discoveryDocument().replacingOccurrences(
                of: idp.tokenEndpoint.absoluteString, with: "http://login.example/token"))
        let error = #expect(throws: AuthError.self) { try provider(http).start() }
        #expect(error?.description.contains("neither https nor loopback http") == true)
    }

    @Test func aProviderThatWasDownAtStartIsRetriedInTheBackgroundEvery30SecondsNeverOnARequest() throws {
        let http = FakeHTTPClient()
        idp.serve(on: http)
        http.isUnreachable = true
        let provider = provider(http)
        #expect(throws: AuthError.self) { try provider.start() }
        let attempts = http.callCount(idp.metadataURL)
        #expect(throws: AuthError.self) { try provider.current() }
        #expect(provider.refreshIfDue() == clock.now() + 30)
        #expect(http.callCount(idp.metadataURL) == attempts, "requests and early refreshes do not fetch")

        http.isUnreachable = false
        clock.advance(by: 29)
        provider.refreshIfDue()
        #expect(throws: AuthError.self) { try provider.current() }
        clock.advance(by: 1)
        provider.refreshIfDue()
        #expect(try provider.current().metadata.tokenEndpoint == idp.tokenEndpoint)
        #expect(http.callCount(idp.metadataURL) == attempts + 1)
    }
}
