import Foundation

/// The refresh token of a session and the nonce of its sign-in, sealed together in the session record: a refreshed
/// ID token that carries a nonce must carry the sign-in's (OpenID Connect Core 1.0, 12.2).
struct RefreshGrant: Codable, Sendable, Equatable {
    /// The refresh token; never logged, never in a cookie or a page.
    var token: String
    /// The nonce of the sign-in that started the session.
    var nonce: String
}

/// What re-checks read and write of a session record.
extension SessionRegistry {
    /// The live record with this id and its opened claims; nil when it is gone or does not open.
    func record(id: String) throws -> (stored: StoredSession, session: Session)? {
        guard let stored = try recording({ try store.session(id: id) }), let session = open(stored) else {
            return nil
        }
        return (stored, session)
    }

    /// The refresh grant sealed in `stored`; nil when it has none or it does not open.
    func grant(of stored: StoredSession) -> RefreshGrant? {
        guard !stored.refreshToken.isEmpty,
            let plaintext = refreshSealer.open(
                Substring(decoding: stored.refreshToken, as: UTF8.self), cookieName: stored.id)
        else { return nil }
        return try? JSONDecoder().decode(RefreshGrant.self, from: Data(plaintext))
    }

    /// Replaces the claims of `stored` by `session`'s (same id, owner and times) and its refresh grant by `grant`,
    /// confirmed by the provider at `checkedAt`; false when the session ended meanwhile.
    func replace(_ stored: StoredSession, with session: Session, grant: RefreshGrant, checkedAt: Int) throws -> Bool {
        var session = session
        session.checkedAt = checkedAt
        var updated = stored
        updated.checkedAt = checkedAt
        updated.sealed = Array(
            sealer.seal(Array(try JSONEncoder().encode(session)), cookieName: stored.id, random: random).utf8)
        updated.refreshToken = try seal(grant, id: stored.id)
        return try recording { try store.update(updated, ifCheckedAt: stored.checkedAt) }
    }

    /// Replaces only the refresh grant of `stored` by `grant`, its claims and `checkedAt` as they were: what a refresh
    /// that could not confirm the session still changed. A provider that takes each refresh token once would refuse
    /// the spent one at the next re-check, and the reader would be signed out as if disabled. False when the session
    /// ended or was re-checked meanwhile.
    func keep(_ grant: RefreshGrant, of stored: StoredSession) throws -> Bool {
        var updated = stored
        updated.refreshToken = try seal(grant, id: stored.id)
        return try recording { try store.update(updated, ifCheckedAt: stored.checkedAt) }
    }

    /// The sealed bytes of `grant` for the record `id`; empty without one.
    func seal(_ grant: RefreshGrant?, id: String) throws -> [UInt8] {
        guard let grant else { return [] }
        return Array(refreshSealer.seal(Array(try JSONEncoder().encode(grant)), cookieName: id, random: random).utf8)
    }
}
