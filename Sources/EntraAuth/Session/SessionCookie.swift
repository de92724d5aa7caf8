import Foundation

/// The session cookie: a sealed pointer to a session in the `SessionRegistry`, its id and its end.
///
/// The cookie holds nothing about the reader, so it stays about 100 bytes however many roles or groups the reader
/// has, and ending the session in the store ends every copy of the cookie at once. The end is sealed in too, so an
/// expired cookie is turned away without asking the store.
///
/// A second cookie, the check key, travels beside it: the base64url MD5 of the session cookie's value. nginx keys
/// its check cache on it instead of on the session cookie, so the files of that cache never hold a cookie anyone
/// could replay (sitegen-auth-cache.conf; ARCHITECTURE.md, *The check cache*).
struct SessionCookie: Sendable {
    /// What the cookie seals.
    struct Pointer: Codable, Sendable, Equatable {
        var id: String
        var expiresAt: Int

        enum CodingKeys: String, CodingKey {
            case id = "i"
            case expiresAt = "e"
        }
    }

    let name: String
    /// The name of the check key's cookie.
    let checkKeyName: String
    private let sealer: CookieSealer
    private let attributes: String
    private let opened = OpenedPointers()

    init(sealer: CookieSealer, secureSite: Bool) {
        name = CookieAttributes.name("sitegen-session", secureSite: secureSite)
        checkKeyName = CookieAttributes.name("sitegen-check", secureSite: secureSite)
        self.sealer = sealer
        attributes = CookieAttributes.suffix(secureSite: secureSite)
    }

    /// The `Set-Cookie` values for a session: the session cookie and its check key, with the same lifetime.
    func setCookies(for session: Session, random: any RandomSource, now: Date) throws -> [String] {
        let pointer = Pointer(id: session.id, expiresAt: session.expiresAt)
        let value = sealer.seal(Array(try JSONEncoder().encode(pointer)), cookieName: name, random: random)
        let maxAge = max(0, session.expiresAt - Int(now.timeIntervalSince1970))
        return [
            "\(name)=\(value)\(attributes); Max-Age=\(maxAge)",
            "\(checkKeyName)=\(Self.checkKey(of: value[...]))\(attributes); Max-Age=\(maxAge)",
        ]
    }

    /// The `Set-Cookie` values that delete the session cookie and its check key.
    var clearCookies: [String] { [name, checkKeyName].map { "\($0)=\(attributes); Max-Age=0" } }

    /// The check key of a session cookie's value: what nginx's `secure_link_md5` computes from the same value.
    static func checkKey(of value: Substring) -> String {
        Base64URL.encode(MD5Digest.hash(value.utf8))
    }

    /// Whether `key` — the check key nginx filed this request's answer under, if it keeps answers — is the key of
    /// the session cookie in `cookies`, so that nginx reuses the answer only for that cookie.
    func keyMatches(_ key: String?, in cookies: Cookies) -> Bool {
        guard let key, let value = cookies[name] else { return false }
        return key == Self.checkKey(of: value)
    }

    /// The pointer in a request's cookies, or nil when absent, forged, tampered, sealed with an unknown secret or
    /// expired.
    func pointer(in cookies: Cookies, now: Date) -> Pointer? {
        guard let value = cookies[name],
            let pointer = opened.pointer(
                for: value,
                opening: {
                    sealer.open(value, cookieName: name).flatMap {
                        try? JSONDecoder().decode(Pointer.self, from: Data($0))
                    }
                })
        else { return nil }
        guard pointer.expiresAt > Int(now.timeIntervalSince1970) else { return nil }
        return pointer
    }
}
