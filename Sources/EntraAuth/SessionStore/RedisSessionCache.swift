import Foundation

/// Sessions read from Redis, kept in this process for a few seconds so that a check does not wait on a round trip,
/// and dropped the moment any server ends them.
///
/// It is only used while `RedisRevocationFeed` is subscribed to the channel every ending is published on: the
/// feed going down (Redis stopped, the connection silent for 3 s) empties it and turns it off, so a store that
/// cannot be reached fails checks closed as before. A read that overlaps an ending is not kept: every ending moves
/// `epoch` on, and `keep` takes a session only under the epoch its read started in. Entries are trusted for
/// `maximumAge` at most, whatever the feed says.
///
/// ```swift
/// let epoch = cache.epochForRead()          // nil while the feed is down
/// let session = try read(id)                // from Redis
/// if let epoch, let session { cache.keep(session, readIn: epoch) }
/// ```
final class RedisSessionCache: @unchecked Sendable {
    /// How long a session read from Redis is used without reading it again.
    static let maximumAge: UInt64 = 5_000_000_000
    /// Above this many entries, old ones are dropped before another is kept.
    static let capacity = 50_000

    private let lock = NSLock()
    private var entries: [String: (session: StoredSession, readAt: UInt64)] = [:]
    private var live = false
    private var epoch: UInt64 = 0

    /// The session, when it was read less than `maximumAge` ago, the feed has been up since, and it has not expired.
    func session(id: String) -> StoredSession? {
        let now = MonotonicClock.nanoseconds()
        let wallClock = Int(Date().timeIntervalSince1970)
        return lock.withLock {
            guard live, let entry = entries[id], now &- entry.readAt < Self.maximumAge,
                entry.session.expiresAt > wallClock
            else { return nil }
            return entry.session
        }
    }

    /// The epoch a read from Redis starts in; nil while the feed is down, when nothing read may be kept.
    func epochForRead() -> UInt64? {
        lock.withLock { live ? epoch : nil }
    }

    /// Keeps `session` unless something was ended (or the feed went down) since its read started in `readIn`.
    func keep(_ session: StoredSession, readIn epoch: UInt64) {
        let now = MonotonicClock.nanoseconds()
        lock.withLock {
            guard live, epoch == self.epoch else { return }
            if entries.count >= Self.capacity {
                entries = entries.filter { now &- $0.value.readAt < Self.maximumAge }
                if entries.count >= Self.capacity { entries.removeAll() }
            }
            entries[session.id] = (session, now)
        }
    }

    /// Forgets the session with this id: it was ended, here or on another server.
    func forget(id: String) {
        lock.withLock {
            entries[id] = nil
            epoch &+= 1
        }
    }

    /// Forgets every session (this server ended sessions it does not know the ids of, or the feed came up or went
    /// down), and with `live` given, keeps sessions from now on only when it is true (the feed is subscribed).
    func forgetAll(live: Bool? = nil) {
        lock.withLock {
            entries.removeAll()
            epoch &+= 1
            if let live { self.live = live }
        }
    }

    /// Notes that the session was used at `time`, so this server does not write it again within the minute.
    func touched(id: String, at time: Int) {
        lock.withLock { entries[id]?.session.lastSeen = time }
    }
}
