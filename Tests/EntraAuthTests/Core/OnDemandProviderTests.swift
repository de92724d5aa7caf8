import Foundation
import Testing

@testable import EntraAuth

/// Discovery and keys loaded on demand, as processes that each answer one request (CGI) load them: each test's
/// `process()` is a new process sharing the disk cache. Only sign-in and the callback (`refreshing: true`) reach the
/// provider, and only when the cached copy is due, as the FastCGI server renews it.
struct OnDemandProviderTests {
    let folder = TemporaryFolder()
    let http = FakeHTTPClient()
    let clock = MovableClock()
    let logs = LogCapture()
    let idp = TestProvider.singleTenant

    init() {
        serveKeys([SigningKey(kid: "k1", key: TestKeys.first)], maxAge: 3600)
    }

    func process() -> IdentityProvider {
        IdentityProvider(
            metadataURL: idp.metadataURL, http: http, time: clock, cacheDirectory: folder.path + "/cache",
            log: logs.log(time: clock), loading: .onDemand)
    }

    func serveKeys(_ keys: [SigningKey], maxAge: Int) {
        http.answer(idp.metadataURL, body: idp.discoveryDocument())
        http.answer(idp.jwksURI, body: idp.keySet(keys), headers: ["Cache-Control": "public, max-age=\(maxAge)"])
    }

    var fetches: Int { http.callCount(idp.metadataURL) + http.callCount(idp.jwksURI) }

    @Test func withoutACacheOnlyASignInFetchesAndLaterProcessesUseWhatItCached() throws {
        let first = process()
        #expect(throws: AuthError.self) { try first.current() }
        #expect(!first.isReady)
        #expect(fetches == 0)

        #expect(try first.current(refreshing: true).metadata.tokenEndpoint == idp.tokenEndpoint)
        #expect(fetches == 2)

        for _ in 0..<5 {
            let next = process()
            #expect(next.isReady)
            #expect(try next.current().metadata.endSessionEndpoint == idp.endSessionEndpoint)
            #expect(try next.current(refreshing: true).issuerPolicy == .exact(idp.discoveredIssuer))
            _ = try next.key(for: "k1")
        }
        #expect(fetches == 2)
    }

    @Test func theCacheIsRenewedWhenTheKeySetsMaxAgeIsOverAndOnlyBySignIn() throws {
        _ = try process().current(refreshing: true)
        serveKeys([SigningKey(kid: "k2", key: TestKeys.second)], maxAge: 3600)

        clock.advance(by: 3599)
        _ = try process().current(refreshing: true)
        _ = try process().key(for: "k1")
        #expect(fetches == 2)

        clock.advance(by: 1)
        _ = try process().current()
        #expect(process().isReady)
        #expect(fetches == 2, "a process that does not sign in never fetches, due or not")
        _ = try process().current(refreshing: true)
        #expect(fetches == 4)
        let renewed = process()
        #expect(throws: AuthError.self) { try renewed.key(for: "k1") }
        _ = try renewed.key(for: "k2")
    }

    @Test func aFailedRenewalKeepsTheCachedCopyAndRetriesNoSoonerThanThirtySeconds() throws {
        _ = try process().current(refreshing: true)
        clock.advance(by: 3600)
        http.isUnreachable = true
        #expect(try process().current(refreshing: true).metadata.tokenEndpoint == idp.tokenEndpoint)
        #expect(http.callCount(idp.metadataURL) == 2)
        #expect(logs.lines.contains { $0.contains("event=provider_refresh_failed") })

        clock.advance(by: 29)
        _ = try process().current(refreshing: true)
        #expect(http.callCount(idp.metadataURL) == 2)
        clock.advance(by: 1)
        http.isUnreachable = false
        _ = try process().current(refreshing: true)
        #expect(http.callCount(idp.metadataURL) == 3)
    }

    @Test func anUnknownKidRefetchesTheKeysOnceInFiveMinutesAcrossProcesses() throws {
        _ = try process().current(refreshing: true)
        serveKeys(
            [SigningKey(kid: "k1", key: TestKeys.first), SigningKey(kid: "k2", key: TestKeys.second)], maxAge: 3600)
        _ = try process().key(for: "k2")
        #expect(http.callCount(idp.jwksURI) == 2)
        _ = try process().key(for: "k2")
        #expect(http.callCount(idp.jwksURI) == 2, "the refetched keys were cached")

        clock.advance(by: 299)
        let refused = #expect(throws: AuthError.self) { try process().key(for: "k3") }
        #expect(refused?.description.contains("less than 5 minutes ago") == true)
        #expect(http.callCount(idp.jwksURI) == 2)
        clock.advance(by: 1)
        #expect(throws: AuthError.self) { try process().key(for: "k3") }
        #expect(http.callCount(idp.jwksURI) == 3)
    }

    @Test func aCacheWrittenWithoutARenewalTimeIsUsedButDueAtOnce() throws {
        let background = IdentityProvider(
            metadataURL: idp.metadataURL, http: http, time: clock, cacheDirectory: folder.path + "/cache",
            log: logs.log(time: clock))
        try background.start()
        let file = folder.path + "/cache/provider-cache.json"
        var snapshot =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file)))
            as! [String: Any]
        #expect(snapshot["renewAt"] != nil, "the server writes when its copy is due too")
        snapshot["renewAt"] = nil
        try JSONSerialization.data(withJSONObject: snapshot).write(to: URL(fileURLWithPath: file))

        #expect(try process().current().metadata.jwksURI == idp.jwksURI)
        #expect(fetches == 2)
        _ = try process().current(refreshing: true)
        #expect(fetches == 4)
    }
}
