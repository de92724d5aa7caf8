import Foundation
import Testing

@testable import EntraAuth

/// The sealed session cookie, a pointer to a stored session: round trip, tampering, truncation, expiry, rotation,
/// size.
struct SessionCookieTests {
    let clock = MovableClock()
    let random = CountingRandom()

    static let origin = "https://docs.contoso.example"

    func sealer(
        _ secrets: [String] = ["current"], purpose: String = "session", clientID: String = TestProvider.clientID,
        origin: String = SessionCookieTests.origin,
        authority: String = TestProvider.singleTenant.metadataURL.absoluteString
    ) -> CookieSealer {
        CookieSealer(
            secrets: secrets.map { Array(strongSecret($0).utf8) }, purpose: purpose, clientID: clientID, origin: origin,
            authority: authority)
    }

    func cookie(_ secrets: [String] = ["current"], secure: Bool = true) -> SessionCookie {
        SessionCookie(sealer: sealer(secrets), secureSite: secure)
    }

    func session(groups: [String] = [], lifetime: Int = 8 * 3600) -> Session {
        Session(
            id: "c2Vzc2lvbg", tenantID: TestProvider.tenantID, objectID: "00000000-0000-0000-66f3-3332eca7ea81",
            subject: "sub", name: "Zoë O'Brien \"Z\"", preferredUsername: "zoe@contoso.example",
            email: "zoe@contoso.example", roles: ["Finance.Read", "Site.Admin"], groups: groups,
            loginHint: "hint", providerSessionID: "sid-1", issuedAt: clock.seconds,
            expiresAt: clock.seconds + lifetime)
    }

    /// Seals `session` and returns the bare cookie value.
    func sealedValue(_ session: Session, with cookie: SessionCookie) throws -> String {
        let header = try cookie.setCookies(for: session, random: random, now: clock.now())[0]
        let pair = header.split(separator: ";")[0]
        #expect(pair.hasPrefix(cookie.name + "="))
        return String(pair.dropFirst(cookie.name.count + 1))
    }

    func open(_ value: String, named name: String? = nil, with cookie: SessionCookie) -> SessionCookie.Pointer? {
        cookie.pointer(in: Cookies(header: "other=1; \(name ?? cookie.name)=\(value); x=y"), now: clock.now())
    }

    func pointer(_ session: Session) -> SessionCookie.Pointer {
        SessionCookie.Pointer(id: session.id, expiresAt: session.expiresAt)
    }

    @Test func roundTrip() throws {
        let cookie = cookie()
        let session = session()
        #expect(open(try sealedValue(session, with: cookie), with: cookie) == pointer(session))
    }

    @Test func theCookieSaysNothingAboutTheReaderAndStaysSmallWhateverTheirGroups() throws {
        let groups = (0..<200).map { String(format: "%08x-0000-4000-8000-%012x", $0, $0) }
        let header = try cookie().setCookies(for: session(groups: groups), random: random, now: clock.now())[0]
        #expect(header.utf8.count < 250, "\(header.utf8.count) bytes")
        let value = try sealedValue(session(groups: groups), with: cookie())
        let plaintext = try #require(sealer().open(Substring(value), cookieName: cookie().name))
        // JSONEncoder's key order differs from run to run: compare the object, and its size.
        let object = try JSONSerialization.jsonObject(with: Data(plaintext)) as? NSDictionary
        #expect(object == ["i": "c2Vzc2lvbg", "e": clock.seconds + 8 * 3600] as NSDictionary)
        #expect(plaintext.count == #"{"i":"c2Vzc2lvbg","e":\#(clock.seconds + 8 * 3600)}"#.utf8.count)
    }

    @Test func aSessionKeptAfterOpeningStillExpires() throws {
        let cookie = cookie()
        let value = try sealedValue(session(lifetime: 60), with: cookie)
        #expect(open(value, with: cookie) != nil)
        clock.advance(by: 61)
        #expect(open(value, with: cookie) == nil, "a session kept in memory must still end at its expiry")
    }

    @Test(
        "cookie headers parse like browsers send them",
        arguments: [
            ("a=1; b=2", ["a": "1", "b": "2"]),
            ("  a = 1 ;\tb=2;", ["a": "1", "b": "2"]),
            ("novalue; =orphan; c=x=y", ["c": "x=y"]),
            ("", [:]),
            ("a=1; a=2", ["a": "1"]),
            // Found by Fuzz/fuzz-cookie-header: trimming dropped a combining mark after the space along with it,
            // so a cookie another site may set ("\u{301}__Host-…") was read as the host-only `__Host-` cookie.
            ("x=1; \u{301}__Host-sitegen-session=forged", ["x": "1", "\u{301}__Host-sitegen-session": "forged"]),
            ("a= \u{301}v\t", ["a": "\u{301}v"]),
        ]
    )
    func cookieHeaders(header: String, expected: [String: String]) {
        let cookies = Cookies(header: header)
        for (name, value) in expected { #expect(cookies[name].map(String.init) == value) }
        #expect(Set(cookies.all.map(\.name)) == Set(expected.keys))
    }

    @Test func secureSitesGetAHostPrefixedSecureCookie() throws {
        let header = try cookie().setCookies(for: session(), random: random, now: clock.now())[0]
        #expect(header.hasPrefix("__Host-sitegen-session="))
        let attributes = header.split(separator: ";").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(Set(attributes) == ["Path=/", "HttpOnly", "SameSite=Lax", "Secure", "Max-Age=28800"])
    }

    @Test func loopbackHTTPSitesGetAPlainCookieWithoutSecure() throws {
        let header = try cookie(secure: false).setCookies(for: session(), random: random, now: clock.now())[0]
        #expect(header.hasPrefix("sitegen-session="))
        #expect(!header.contains("Secure"))
        #expect(!header.contains("__Host-"))
        #expect(header.contains("HttpOnly"))
        #expect(header.contains("SameSite=Lax"))
    }

    @Test func aTamperedValueDoesNotOpen() throws {
        let cookie = cookie()
        let value = Array(try sealedValue(session(), with: cookie))
        for index in [0, 5, value.count / 2, value.count - 2] {
            var tampered = value
            tampered[index] = tampered[index] == "A" ? "B" : "A"
            #expect(open(String(tampered), with: cookie) == nil, "flipped character \(index)")
        }
    }

    @Test func aTruncatedValueDoesNotOpen() throws {
        let cookie = cookie()
        let value = try sealedValue(session(), with: cookie)
        for length in [0, 1, 10, 30, value.count - 4, value.count - 1] {
            #expect(open(String(value.prefix(length)), with: cookie) == nil, "truncated to \(length)")
        }
        #expect(open(value + "AAAA", with: cookie) == nil)
        #expect(open("not base64url!", with: cookie) == nil)
    }

    @Test func anotherSecretDoesNotOpen() throws {
        let value = try sealedValue(session(), with: cookie(["current"]))
        #expect(open(value, with: cookie(["attacker"])) == nil)
    }

    @Test func anExpiredSessionDoesNotOpen() throws {
        let cookie = cookie()
        let value = try sealedValue(session(lifetime: 3600), with: cookie)
        clock.advance(by: 3599)
        #expect(open(value, with: cookie) != nil)
        clock.advance(by: 1)
        #expect(open(value, with: cookie) == nil)
    }

    @Test func rotationOpensWithEveryListedSecretAndSealsWithTheFirst() throws {
        let session = session()
        let sealedWithOld = try sealedValue(session, with: cookie(["old"]))
        #expect(open(sealedWithOld, with: cookie(["new", "old"])) == pointer(session))

        let sealedAfterRotation = try sealedValue(session, with: cookie(["new", "old"]))
        #expect(open(sealedAfterRotation, with: cookie(["new"])) == pointer(session))
        #expect(open(sealedAfterRotation, with: cookie(["old"])) == nil)
    }

    @Test func aValueSealedForAnotherPurposeOrNameDoesNotOpen() throws {
        let cookie = cookie()
        let json = Array(try JSONEncoder().encode(pointer(session())))

        // Same secret and cookie name, but the transaction cookies' key.
        let transactionKey = sealer(purpose: "login-transaction")
        #expect(open(transactionKey.seal(json, cookieName: cookie.name, random: random), with: cookie) == nil)

        // Same key, but sealed under another cookie name.
        let sessionKey = sealer()
        #expect(open(sessionKey.seal(json, cookieName: "sitegen-session", random: random), with: cookie) == nil)
        #expect(open(sessionKey.seal(json, cookieName: cookie.name, random: random), with: cookie) != nil)

        // A real transaction cookie moved into the session cookie's place.
        let transactions = TransactionCookies(sealer: sealer(purpose: "login-transaction"), secureSite: true)
        let transaction = LoginTransaction.start(returnPath: "/", slot: 0, random: random, now: clock.now())
        let header = try transactions.setCookie(for: transaction, random: random)
        let value = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1)[1]
        #expect(open(String(value), with: cookie) == nil)
    }

    @Test func twoSitesSharingACookieSecretDoNotAcceptEachOthersCookies() throws {
        let value = try sealedValue(session(), with: cookie())
        let otherClient = SessionCookie(sealer: sealer(clientID: "another-app"), secureSite: true)
        let otherOrigin = SessionCookie(sealer: sealer(origin: "https://staging.contoso.example"), secureSite: true)
        #expect(open(value, with: otherClient) == nil)
        #expect(open(value, with: otherOrigin) == nil)
        #expect(open(value, with: cookie()) == pointer(session()))
    }

    @Test func theClearingCookiesExpireTheSessionAndItsCheckKey() {
        let clearing = cookie().clearCookies
        #expect(clearing.map { $0.prefix { $0 != "=" } } == ["__Host-sitegen-session", "__Host-sitegen-check"])
        #expect(clearing.allSatisfy { $0.contains("=;") && $0.contains("Max-Age=0") && $0.contains("Secure") })
    }
}
