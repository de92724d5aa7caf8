import Foundation

/// Seals a `Session` into the session cookie and opens it again, checking expiry.
struct SessionCookie: Sendable {
    /// Browsers (and nginx's auth_request, which forwards one Set-Cookie) cap a cookie at about 4 KB.
    static let maximumLength = 4000

    let name: String
    private let sealer: CookieSealer
    private let attributes: String
    private let opened = OpenedSessions()

    init(sealer: CookieSealer, secureSite: Bool) {
        name = CookieAttributes.name("sitegen-session", secureSite: secureSite)
        self.sealer = sealer
        attributes = CookieAttributes.suffix(secureSite: secureSite)
    }

    /// The `Set-Cookie` value for a new session, or a readable failure when it cannot fit in one cookie.
    func setCookie(for session: Session, random: any RandomSource, now: Date) throws -> String {
        let json = try JSONEncoder().encode(session)
        let value = sealer.seal(Array(json), cookieName: name, random: random)
        let maxAge = max(0, session.expiresAt - Int(now.timeIntervalSince1970))
        let header = "\(name)=\(value)\(attributes); Max-Age=\(maxAge)"
        guard header.count <= Self.maximumLength else {
            throw TokenRejection(
                "the session cookie would be \(header.count) bytes, over the 4 KB browsers accept; the account has "
                    + "too many roles or groups — use app roles, or assign fewer groups to the application",
                kind: .sessionTooLarge
            )
        }
        return header
    }

    /// The `Set-Cookie` value that deletes the session cookie.
    var clearCookie: String { "\(name)=\(attributes); Max-Age=0" }

    /// The session in a request's cookies, or nil when absent, forged, tampered, sealed with an unknown secret or expired.
    func session(in cookies: Cookies, now: Date) -> Session? {
        guard let value = cookies[name],
            let session = opened.session(
                for: value,
                opening: {
                    sealer.open(value, cookieName: name).flatMap {
                        try? JSONDecoder().decode(Session.self, from: Data($0))
                    }
                })
        else { return nil }
        let seconds = Int(now.timeIntervalSince1970)
        guard session.expiresAt > seconds, session.issuedAt <= seconds + 300 else { return nil }
        return session
    }
}
