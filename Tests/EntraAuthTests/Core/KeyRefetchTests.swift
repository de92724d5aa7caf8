import Foundation
import Testing

@testable import EntraAuth

/// An unknown `kid` refetches the JWKS at most once per five minutes, and a failed refetch keeps the last good keys.
struct KeyRefetchTests {
    let folder = TemporaryFolder()
    let http = FakeHTTPClient()
    let clock = MovableClock()
    let logs = LogCapture()
    let idp = TestProvider.singleTenant
    let provider: IdentityProvider

    init() throws {
        idp.serve(on: http)
        provider = IdentityProvider(
            metadataURL: idp.metadataURL, http: http, time: clock, cacheDirectory: folder.path,
            log: logs.log(time: clock))
        try provider.start()
    }

    var keyFetches: Int { http.callCount(idp.jwksURI) }

    @Test func startUpFetchesDiscoveryAndKeysOnce() throws {
        #expect(http.callCount(idp.metadataURL) == 1)
        #expect(keyFetches == 1)
        _ = try provider.key(for: "k1")
        _ = try provider.key(for: "k1")
        #expect(keyFetches == 1)
    }

    @Test func anUnknownKidRefetchesOnceThenTheRateLimitHolds() throws {
        idp.serveKeys(
            [SigningKey(kid: "k1", key: TestKeys.first), SigningKey(kid: "k2", key: TestKeys.second)], on: http)
        let rotated = try provider.key(for: "k2")
        let message = Array("rotated".utf8)
        #expect(
            rotated.key.isValidSignature(
                try TestKeys.second.signature(for: message, algorithm: .rs256), for: message, algorithm: .rs256))
        #expect(keyFetches == 2)

        let refused = #expect(throws: AuthError.self) { try provider.key(for: "k3") }
        #expect(refused?.description.contains("less than 5 minutes ago") == true)
        clock.advance(by: 299)
        #expect(throws: AuthError.self) { try provider.key(for: "k4") }
        #expect(keyFetches == 2)
    }

    @Test func afterFiveMinutesAnUnknownKidRefetchesAgain() throws {
        #expect(throws: AuthError.self) { try provider.key(for: "k2") }
        #expect(keyFetches == 2)
        clock.advance(by: 301)
        idp.serveKeys([SigningKey(kid: "k2", key: TestKeys.second)], on: http)
        _ = try provider.key(for: "k2")
        #expect(keyFetches == 3)
    }

    @Test(arguments: ["http 500", "unreachable", "no usable key", "not JSON"])
    func aFailingRefetchKeepsTheLastGoodKeys(failure: String) throws {
        switch failure {
        case "http 500": http.answer(idp.jwksURI, status: 500, body: "oops")
        case "unreachable": http.isUnreachable = true
        case "no usable key": http.answer(idp.jwksURI, body: #"{"keys":[{"kty":"EC","kid":"e1","crv":"P-256"}]}"#)
        default: http.answer(idp.jwksURI, body: "<html>")
        }
        // The token may be signed with a key the provider could not send: the provider failed, not the token, so a
        // re-check counts it as unreachable and keeps the session within its grace.
        let failed = #expect(throws: AuthError.self) { try provider.key(for: "k2") }
        #expect(failed?.kind == .providerUnreachable, "\(String(describing: failed))")
        #expect(keyFetches == 2)
        #expect(logs.lines.contains { $0.contains("event=jwks_refresh_failed") })
        _ = try provider.key(for: "k1")
        #expect(provider.keyCount == 1)

        // The failure also starts the five-minute wait, so a broken provider is not hammered; still unreachable.
        let waiting = #expect(throws: AuthError.self) { try provider.key(for: "k2") }
        #expect(waiting?.kind == .providerUnreachable)
        #expect(keyFetches == 2)

        // A refetch that works and still lacks the kid says the token is bad.
        clock.advance(by: 301)
        idp.serveKeys([SigningKey(kid: "k1", key: TestKeys.first)], on: http)
        http.isUnreachable = false
        let bad = #expect(throws: AuthError.self) { try provider.key(for: "k2") }
        #expect(bad?.kind == .invalidToken)
        let limited = #expect(throws: AuthError.self) { try provider.key(for: "k3") }
        #expect(limited?.kind == .invalidToken)
    }

    @Test func concurrentUnknownKidsShareOneRefetch() async throws {
        idp.serveKeys(
            [SigningKey(kid: "k1", key: TestKeys.first), SigningKey(kid: "k2", key: TestKeys.second)], on: http)
        let provider = self.provider
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { _ = try provider.key(for: "k2") }
            }
            try await group.waitForAll()
        }
        #expect(keyFetches == 2)
    }

    @Test func aRefetchedKeySetIsWrittenToTheDiskCache() throws {
        idp.serveKeys([SigningKey(kid: "k2", key: TestKeys.second)], on: http)
        _ = try provider.key(for: "k2")
        let cached = try #require(ProviderCache(directory: folder.path).load(for: idp.metadataURL))
        #expect(
            String(decoding: cached.keys, as: UTF8.self).contains(
                Base64URL.encode(TestKeys.second.publicComponents.modulus)))
    }
}
