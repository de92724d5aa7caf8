import Foundation

/// The session cookie: a sealed pointer to a session in the `SessionRegistry`, its id and its end.
///
/// The cookie holds nothing about the reader, so it stays about 100 bytes however many roles or groups the reader
/// has, and ending the session in the store ends every copy of the cookie at once. The end is sealed in too, so an
/// expired cookie is turned away without asking the store.
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
    private let sealer: CookieSealer
    private let attributes: String
    private let opened = OpenedPointers()

    init(sealer: CookieSealer, secureSite: Bool) {
        name = CookieAttributes.name("sitegen-session", secureSite: secureSite)
        self.sealer = sealer
        attributes = CookieAttributes.suffix(secureSite: secureSite)
    }

    /// The `Set-Cookie` value for a session.
    func setCookie(for session: Session, random: any RandomSource, now: Date) throws -> String {
        let pointer = Pointer(id: session.id, expiresAt: session.expiresAt)
        let value = sealer.seal(Array(try JSONEncoder().encode(pointer)), cookieName: name, random: random)
        let maxAge = max(0, session.expiresAt - Int(now.timeIntervalSince1970))
        return "\(name)=\(value)\(attributes); Max-Age=\(maxAge)"
    }

    /// The `Set-Cookie` value that deletes the session cookie.
    var clearCookie: String { "\(name)=\(attributes); Max-Age=0" }

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
