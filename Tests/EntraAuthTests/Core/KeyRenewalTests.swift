import Foundation
import Testing

@testable import EntraAuth

/// Signing keys are renewed in the background when the provider's `Cache-Control` says, at least daily, so a key
/// the provider withdraws stops being trusted; a failed renewal keeps the last good keys.
struct KeyRenewalTests {
    let folder = TemporaryFolder()
    let http = FakeHTTPClient()
    let clock = MovableClock()
    let idp = TestProvider.singleTenant

    func provider() throws -> IdentityProvider {
        let provider = IdentityProvider(
            metadataURL: idp.metadataURL, http: http, time: clock, cacheDirectory: folder.path,
            log: AuthLog(time: clock) { _ in })
        try provider.start()
        return provider
    }

    func serveKeys(_ keys: [SigningKey], maxAge: Int?) {
        http.answer(
            idp.jwksURI, body: idp.keySet(keys),
            headers: maxAge.map { ["Cache-Control": "max-age=\($0), private"] } ?? [:])
    }

    @Test func aWithdrawnKeyStopsBeingTrustedAtTheNextRenewalWhichHonoursMaxAge() throws {
        idp.serve(on: http)
        serveKeys([SigningKey(kid: "k1", key: TestKeys.first)], maxAge: 3600)
        let provider = try provider()
        #expect(provider.refreshIfDue() == clock.now() + 3600)
        _ = try provider.key(for: "k1")

        serveKeys([SigningKey(kid: "k2", key: TestKeys.second)], maxAge: 3600)
        clock.advance(by: 3599)
        provider.refreshIfDue()
        _ = try provider.key(for: "k1")
        clock.advance(by: 1)
        provider.refreshIfDue()
        #expect(throws: AuthError.self) { try provider.key(for: "k1") }
        _ = try provider.key(for: "k2")
    }

    @Test(arguments: [(nil, 86_400), (604_800, 86_400), (10, 300), (7200, 7200)] as [(Int?, Int)])
    func renewalIsAtLeastDailyAndAtMostEveryFiveMinutes(maxAge: Int?, expected: Int) throws {
        idp.serve(on: http)
        serveKeys([SigningKey(kid: "k1", key: TestKeys.first)], maxAge: maxAge)
        let provider = try provider()
        #expect(provider.refreshIfDue() == clock.now() + TimeInterval(expected))
    }

    @Test func aFailedRenewalKeepsTheKeysAndRetriesSoon() throws {
        idp.serve(on: http)
        let provider = try provider()
        clock.advance(by: 86_400)
        http.isUnreachable = true
        #expect(provider.refreshIfDue() == clock.now() + 30)
        _ = try provider.key(for: "k1")
    }

    @Test func cacheControlMaxAgeIsReadAmongOtherDirectives() {
        #expect(CacheControl.maxAge(in: "max-age=86400, private") == 86_400)
        #expect(CacheControl.maxAge(in: "public, MAX-AGE = 60") == 60)
        #expect(CacheControl.maxAge(in: "no-cache") == 0)
        #expect(CacheControl.maxAge(in: "max-age=86400, No-Store") == 0)
        #expect(CacheControl.maxAge(in: "private") == nil)
        #expect(CacheControl.maxAge(in: "") == nil)
        #expect(CacheControl.maxAge(in: "max-age=-1") == nil)
        #expect(CacheControl.maxAge(in: "max-age=99999999999999999999") == nil)
    }
}
