import Foundation

/// Sessions in Redis, for several `sitegen-auth` servers behind a load balancer: every server sees a sign-out or a
/// revocation made on any other at once.
///
/// Each session is a hash that expires with the session; two sets index sessions by person and by Entra session id,
/// and a sorted set holds every session's expiry, so live sessions are counted and expired ones swept without a scan.
/// Each session also holds the generation (`sitegen:generation`) it was created in, compared on every read:
/// `end(.all)` deletes what its scan finds and then moves the generation on, so a session created while it scanned
/// opens nothing either.
/// Every ending is published (`RedisRevocationFeed.channel`), so a server may keep the sessions it read for a few
/// seconds (`RedisSessionCache`) and still never accept one that any server has ended.
/// Changes that touch several keys run as Lua scripts, so they are atomic. Redis 7.0 or later, standalone (the
/// scripts reach keys through the index, which Redis Cluster does not allow). Through hiredis (Debian `libhiredis`),
/// with a connection per thread from a small pool and a one-second timeout, so a Redis that hangs fails the check
/// closed instead of holding it.
public final class RedisSessionStore: SessionStore, @unchecked Sendable {
    static let prefix = "sitegen:"
    static let timeout: TimeInterval = 1
    private static let fields = ["tid", "oid", "psid", "iss", "created", "seen", "exp", "sealed", "checked", "rt"]

    /// KEYS: the session, the expiries, the generation, then the index sets.
    private static let createScript = """
        redis.call('HSET', KEYS[1], 'gen', redis.call('GET', KEYS[3]) or '0', unpack(ARGV, 3))
        redis.call('EXPIREAT', KEYS[1], ARGV[1])
        redis.call('ZADD', KEYS[2], ARGV[1], ARGV[2])
        for i = 4, #KEYS do
          redis.call('SADD', KEYS[i], ARGV[2])
          redis.call('EXPIREAT', KEYS[i], ARGV[1], 'NX')
          redis.call('EXPIREAT', KEYS[i], ARGV[1], 'GT')
        end
        return 1
        """
    private static let touchScript = """
        if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('HSET', KEYS[1], 'seen', ARGV[1]) end
        return 0
        """
    /// Replaces what a re-check changed, if the session is still there, and has every server forget its copy (the
    /// message on the endings channel means "read this session again").
    private static let updateScript = """
        if (redis.call('HGET', KEYS[1], 'checked') or '0') ~= ARGV[6] or redis.call('EXISTS', KEYS[1]) == 0 then
          return 0
        end
        redis.call('HSET', KEYS[1], 'sealed', ARGV[1], 'checked', ARGV[2], 'rt', ARGV[3])
        redis.call('PUBLISH', ARGV[4], ARGV[5])
        return 1
        """
    /// Ends the sessions in the index set `KEYS[1]`, or, without a key, those whose ids follow the prefix in ARGV.
    private static let endScript = """
        local prefix = ARGV[1]
        local ids
        if #KEYS == 1 then ids = redis.call('SMEMBERS', KEYS[1]) else ids = {unpack(ARGV, 2)} end
        local ended = 0
        for _, id in ipairs(ids) do
          local key = prefix .. 'session:' .. id
          local owner = redis.call('HMGET', key, 'oid', 'psid')
          ended = ended + redis.call('DEL', key)
          redis.call('ZREM', prefix .. 'expiries', id)
          redis.call('PUBLISH', prefix .. 'ended', id)
          if owner[1] then redis.call('SREM', prefix .. 'user:' .. string.lower(owner[1]), id) end
          if owner[2] and owner[2] ~= '' then redis.call('SREM', prefix .. 'sid:' .. owner[2], id) end
        end
        if #KEYS == 1 then redis.call('DEL', KEYS[1]) end
        return ended
        """
    /// The session's fields (ARGV), or nothing when it was created in an earlier generation than today's.
    private static let readScript = """
        local values = redis.call('HMGET', KEYS[1], 'gen', unpack(ARGV))
        if (values[1] or '0') ~= (redis.call('GET', KEYS[2]) or '0') then return {} end
        table.remove(values, 1)
        return values
        """
    /// Moves the generation on, so every session created before opens nothing, and tells every server's cache.
    private static let nextGenerationScript = """
        redis.call('INCR', KEYS[1])
        redis.call('PUBLISH', ARGV[1], ARGV[2])
        return 1
        """
    /// Counts the sessions whose expiry is after the server's clock, as SQLite's `unixepoch()` does.
    private static let countScript = """
        return redis.call('ZCOUNT', KEYS[1], '(' .. redis.call('TIME')[1], '+inf')
        """

    /// The server.
    public let address: RedisAddress
    private let lock = NSLock()
    private var idle: [RedisConnection] = []
    private let cache: RedisSessionCache?

    /// A store on the Redis server at `address`; connections are opened when first needed. With `caching`, sessions
    /// read are kept for a few seconds while a subscription reports every ending (see `RedisSessionCache`); the
    /// administration commands, which read each session once, go without.
    public init(address: RedisAddress, caching: Bool = true) {
        self.address = address
        cache = caching ? RedisSessionCache() : nil
        if let cache { RedisRevocationFeed.start(address: address, cache: cache) }
    }

    public func create(_ session: StoredSession) throws {
        var keys = [Self.sessionKey(session.id), Self.expiriesKey, Self.generationKey, Self.userKey(session.objectID)]
        if let sid = session.providerSessionID { keys.append(Self.sidKey(sid)) }
        let values: [[UInt8]] = [
            Array("\(session.expiresAt)".utf8), Array(session.id.utf8),
            Array("tid".utf8), Array(session.tenantID.utf8), Array("oid".utf8), Array(session.objectID.utf8),
            Array("psid".utf8), Array((session.providerSessionID ?? "").utf8), Array("iss".utf8),
            Array(session.issuer.utf8), Array("created".utf8), Array("\(session.createdAt)".utf8),
            Array("seen".utf8), Array("\(session.lastSeen)".utf8), Array("exp".utf8),
            Array("\(session.expiresAt)".utf8), Array("sealed".utf8), session.sealed, Array("checked".utf8),
            Array("\(session.checkedAt)".utf8), Array("rt".utf8), session.refreshToken,
        ]
        _ = try evaluate(Self.createScript, keys: keys, arguments: values)
    }

    public func session(id: String) throws -> StoredSession? {
        if let kept = cache?.session(id: id) { return kept }
        let epoch = cache?.epochForRead()
        let session = try withConnection { connection in try Self.read(id, on: connection) }
        if let session, let epoch { cache?.keep(session, readIn: epoch) }
        return session
    }

    public func update(_ session: StoredSession, ifCheckedAt previous: Int) throws -> Bool {
        defer { cache?.forget(id: session.id) }
        let arguments = [
            session.sealed, Array("\(session.checkedAt)".utf8), session.refreshToken,
            Array(RedisRevocationFeed.channel.utf8), Array(session.id.utf8), Array("\(previous)".utf8),
        ]
        return try evaluate(Self.updateScript, keys: [Self.sessionKey(session.id)], arguments: arguments).integer == 1
    }

    public func lease(recheckOf id: String, now: Int, until: Int) throws -> Bool {
        try withConnection { connection in
            // Relative to Redis's own clock, so a server whose clock is behind still holds the lease its length.
            try connection.command(["SET", Self.prefix + "recheck:" + id, "1", "EX", "\(max(1, until - now))", "NX"])
                != .null
        }
    }

    public func release(recheckOf id: String) throws {
        _ = try withConnection { connection in try connection.command(["DEL", Self.prefix + "recheck:" + id]) }
    }

    public func touch(id: String, at time: Int) throws {
        _ = try evaluate(Self.touchScript, keys: [Self.sessionKey(id)], arguments: [Array("\(time)".utf8)])
        cache?.touched(id: id, at: time)
    }

    public func end(_ selection: SessionSelection) throws -> Int {
        // This server forgets once Redis has ended them (a read that overlapped is not kept: the epoch moved on);
        // the other servers when the published ending reaches them.
        defer { if case .session(let id) = selection { cache?.forget(id: id) } else { cache?.forgetAll() } }
        let prefix = Array(Self.prefix.utf8)
        switch selection {
        case .session(let id):
            return try evaluate(Self.endScript, keys: [], arguments: [prefix, Array(id.utf8)]).integer ?? 0
        case .user(let objectID):
            return try evaluate(Self.endScript, keys: [Self.userKey(objectID)], arguments: [prefix]).integer ?? 0
        case .providerSession(let sid):
            return try evaluate(Self.endScript, keys: [Self.sidKey(sid)], arguments: [prefix]).integer ?? 0
        case .all:
            var ended = 0
            for batch in try allIDs().chunked(by: 500) {
                ended +=
                    try evaluate(Self.endScript, keys: [], arguments: [prefix] + batch.map { Array($0.utf8) })
                    .integer ?? 0
            }
            let channel = Array(RedisRevocationFeed.channel.utf8)
            let everyone = Array(RedisRevocationFeed.everyone.utf8)
            _ = try evaluate(Self.nextGenerationScript, keys: [Self.generationKey], arguments: [channel, everyone])
            return ended
        }
    }

    public func sessions(_ selection: SessionSelection) throws -> [StoredSession] {
        let ids: [String]
        switch selection {
        case .session(let id): ids = [id]
        case .user(let objectID): ids = try members(of: Self.userKey(objectID))
        case .providerSession(let sid): ids = try members(of: Self.sidKey(sid))
        case .all: ids = try allIDs()
        }
        return try withConnection { connection in try ids.compactMap { try Self.read($0, on: connection) } }
    }

    public func consume(state: String, until expiresAt: Int) throws -> Bool {
        try withConnection { connection in
            try connection.command(["SET", Self.prefix + "state:" + state, "1", "EXAT", "\(expiresAt)", "NX"]) != .null
        }
    }

    public func closeIdleConnections() {
        lock.withLock { idle.removeAll() }
    }

    /// Throws when Redis cannot be reached, or when its `maxmemory-policy` may evict the index sets
    /// (`RedisEvictionPolicy`, a `.config` error).
    public func ping() throws {
        let info = try withConnection { connection in try connection.command(["INFO", "memory"]) }
        if let problem = RedisEvictionPolicy.problem(inInfo: info.text ?? "", address: address.display) {
            throw AuthError(.config, problem)
        }
    }

    /// Redis forgets an expired session by itself; this takes it out of the expiries, once, and counts it.
    public func removeExpired(now: Int) throws -> Int {
        try withConnection { connection in
            try connection.command(["ZREMRANGEBYSCORE", Self.expiriesKey, "-inf", "\(now)"]).integer ?? 0
        }
    }

    public func countLive() throws -> Int {
        try evaluate(Self.countScript, keys: [Self.expiriesKey], arguments: []).integer ?? 0
    }

    static func sessionKey(_ id: String) -> String { prefix + "session:" + id }
    static let expiriesKey = prefix + "expiries"
    static let generationKey = prefix + "generation"
    static func userKey(_ objectID: String) -> String { prefix + "user:" + objectID.lowercased() }
    static func sidKey(_ sid: String) -> String { prefix + "sid:" + sid }

    private static func read(_ id: String, on connection: RedisConnection) throws -> StoredSession? {
        let command = [Array("EVAL".utf8), Array(readScript.utf8), Array("2".utf8)]
        let keys = [sessionKey(id), generationKey].map { Array($0.utf8) }
        let values = try connection.command(command + keys + fields.map { Array($0.utf8) }).array ?? []
        guard values.count == fields.count, let sealed = values[7].bytes, let tenantID = values[0].text,
            let objectID = values[1].text, let issuer = values[3].text,
            let createdAt = values[4].text.flatMap(Int.init),
            let lastSeen = values[5].text.flatMap(Int.init), let expiresAt = values[6].text.flatMap(Int.init)
        else { return nil }
        // Sessions from before re-checks have neither field.
        let checkedAt = values[8].text.flatMap(Int.init) ?? 0
        let sid = values[2].text.flatMap { $0.isEmpty ? nil : $0 }
        return StoredSession(
            id: id, tenantID: tenantID, objectID: objectID, providerSessionID: sid, issuer: issuer,
            createdAt: createdAt, lastSeen: lastSeen, expiresAt: expiresAt, sealed: sealed, checkedAt: checkedAt,
            refreshToken: values[9].bytes ?? [])
    }

    private func members(of key: String) throws -> [String] {
        try withConnection { connection in
            (try connection.command(["SMEMBERS", key]).array ?? []).compactMap(\.text)
        }
    }

    private func allIDs() throws -> [String] {
        let pattern = Self.prefix + "session:*"
        return try withConnection { connection in
            var ids: [String] = []
            var cursor = "0"
            repeat {
                let reply = try connection.command(["SCAN", cursor, "MATCH", pattern, "COUNT", "500"]).array ?? []
                guard reply.count == 2, let next = reply[0].text else { break }
                cursor = next
                ids += (reply[1].array ?? []).compactMap { $0.text.map { String($0.dropFirst(pattern.count - 1)) } }
            } while cursor != "0"
            return ids
        }
    }

    private func evaluate(_ script: String, keys: [String], arguments: [[UInt8]]) throws -> RedisConnection.Reply {
        try withConnection { connection in
            try connection.command(
                [Array("EVAL".utf8), Array(script.utf8), Array("\(keys.count)".utf8)] + keys.map { Array($0.utf8) }
                    + arguments)
        }
    }

    /// Runs `body` on a pooled connection; a connection that failed is closed, so the next use reconnects, and one
    /// the server closed while it was idle (a restart) is left for a new one, so no call fails on it.
    private func withConnection<Result>(_ body: (RedisConnection) throws -> Result) throws -> Result {
        lock.lock()
        var pooled = idle.popLast()
        while let candidate = pooled, !candidate.isUsableWhenIdle { pooled = idle.popLast() }
        lock.unlock()
        let connection = try pooled ?? RedisConnection(address, timeout: Self.timeout)
        let result = try body(connection)
        lock.lock()
        idle.append(connection)
        lock.unlock()
        return result
    }
}

extension Array {
    /// The array in consecutive pieces of at most `size` elements.
    fileprivate func chunked(by size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
