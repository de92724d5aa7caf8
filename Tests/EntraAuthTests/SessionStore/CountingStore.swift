import Foundation

@testable import EntraAuth

/// A store that counts "last seen" writes and can play unreachable.
final class CountingStore: SessionStore, @unchecked Sendable {
    private let inner: any SessionStore
    private let lock = NSLock()
    private var touchCount = 0
    private var down = false

    init(_ inner: any SessionStore) {
        self.inner = inner
    }

    var touches: Int { lock.withLock { touchCount } }
    var isDown: Bool {
        get { lock.withLock { down } }
        set { lock.withLock { down = newValue } }
    }

    private func reachable() throws {
        if isDown { throw AuthError(.sessionStore, "cannot reach the test store") }
    }

    func create(_ session: StoredSession) throws {
        try reachable()
        try inner.create(session)
    }
    func session(id: String) throws -> StoredSession? {
        try reachable()
        return try inner.session(id: id)
    }
    func touch(id: String, at time: Int) throws {
        try reachable()
        lock.withLock { touchCount += 1 }
        try inner.touch(id: id, at: time)
    }
    func end(_ selection: SessionSelection) throws -> Int {
        try reachable()
        return try inner.end(selection)
    }
    func update(_ session: StoredSession, ifCheckedAt previous: Int) throws -> Bool {
        try reachable()
        return try inner.update(session, ifCheckedAt: previous)
    }
    func lease(recheckOf id: String, now: Int, until: Int) throws -> Bool {
        try reachable()
        return try inner.lease(recheckOf: id, now: now, until: until)
    }
    func release(recheckOf id: String) throws {
        try reachable()
        try inner.release(recheckOf: id)
    }
    func sessions(_ selection: SessionSelection) throws -> [StoredSession] {
        try reachable()
        return try inner.sessions(selection)
    }
    func consume(state: String, until expiresAt: Int) throws -> Bool {
        try reachable()
        return try inner.consume(state: state, until: expiresAt)
    }
    func ping() throws {
        try reachable()
        try inner.ping()
    }
    func closeIdleConnections() {
        inner.closeIdleConnections()
    }
    func removeExpired(now: Int) throws -> Int {
        try reachable()
        return try inner.removeExpired(now: now)
    }
    func countLive() throws -> Int {
        try reachable()
        return try inner.countLive()
    }
}
