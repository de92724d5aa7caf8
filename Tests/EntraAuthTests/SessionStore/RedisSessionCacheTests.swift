import Foundation
import Testing

@testable import EntraAuth

/// The Redis store keeps sessions it read for a few seconds, and drops them the moment any server ends them or
/// Redis goes away: against a real `redis-server`, with two stores as two servers.
@Suite(.serialized)
struct RedisSessionCacheTests {
    let redis: RedisServer
    let here: RedisSessionStore
    let there: RedisSessionStore

    init() throws {
        redis = try RedisServer()
        here = RedisSessionStore(address: redis.address)
        there = RedisSessionStore(address: redis.address)
    }

    /// Changes the session's last-seen time behind the stores' backs.
    func rewriteLastSeen(_ id: String, to time: Int) throws {
        _ = try RedisConnection(redis.address, timeout: 1).command([
            "HSET", RedisSessionStore.sessionKey(id), "seen", "\(time)",
        ])
    }

    /// Waits until `store` answers for `id` from memory: a change made directly in Redis no longer shows.
    func waitUntilKept(_ id: String, by store: RedisSessionStore) throws -> Bool {
        let deadline = Date().addingTimeInterval(5)
        var marker = 1
        while Date() < deadline {
            _ = try store.session(id: id)
            try rewriteLastSeen(id, to: marker)
            if try store.session(id: id)?.lastSeen != marker { return true }
            marker += 1
            usleep(50_000)
        }
        return false
    }

    @Test func aSessionAnotherServerEndsIsDroppedAtOnce() throws {
        let session = SessionStoreContractTests.session("kept-1")
        try here.create(session)
        #expect(try waitUntilKept("kept-1", by: here), "the store keeps what it read once its feed is subscribed")

        #expect(try there.end(.session(id: "kept-1")) == 1)
        let ended = Date()
        while try here.session(id: "kept-1") != nil, Date().timeIntervalSince(ended) < 6 { usleep(10_000) }
        #expect(try here.session(id: "kept-1") == nil)
        #expect(Date().timeIntervalSince(ended) < 1, "dropped when the ending was published, not when it aged out")
    }

    @Test func endingsOfAPersonOrOfEveryoneAreDroppedToo() throws {
        let person = "cccccccc-0000-4000-8000-000000000003"
        try here.create(SessionStoreContractTests.session("laptop", user: person))
        try here.create(SessionStoreContractTests.session("other"))
        #expect(try waitUntilKept("laptop", by: here) && waitUntilKept("other", by: here))

        #expect(try there.end(.user(objectID: person)) == 1)
        let ended = Date()
        while try here.session(id: "laptop") != nil, Date().timeIntervalSince(ended) < 6 { usleep(10_000) }
        #expect(Date().timeIntervalSince(ended) < 1)
        #expect(try there.end(.all) == 1)
        while try here.session(id: "other") != nil, Date().timeIntervalSince(ended) < 6 { usleep(10_000) }
        #expect(Date().timeIntervalSince(ended) < 1)
    }

    @Test func aStoppedRedisFailsReadsInsteadOfAnsweringFromMemory() throws {
        try here.create(SessionStoreContractTests.session("kept-2"))
        #expect(try waitUntilKept("kept-2", by: here))

        redis.stop()
        let stopped = Date()
        var threw = false
        while !threw, Date().timeIntervalSince(stopped) < 6 {
            do {
                #expect(try here.session(id: "kept-2") != nil)
                usleep(10_000)
            } catch {
                threw = true
            }
        }
        #expect(threw, "reading throws once Redis is gone")
        #expect(Date().timeIntervalSince(stopped) < 1)

        try redis.start()
        let restarted = Date()
        while (try? here.session(id: "kept-2")) == nil, Date().timeIntervalSince(restarted) < 5 { usleep(20_000) }
        #expect(try here.session(id: "kept-2")?.id == "kept-2", "back with Redis, from its append-only file")
    }

    @Test func theAdministrationCommandsReadWithoutKeeping() throws {
        let administration = RedisSessionStore(address: redis.address, caching: false)
        try administration.create(SessionStoreContractTests.session("once"))
        _ = try administration.session(id: "once")
        try rewriteLastSeen("once", to: 42)
        #expect(try administration.session(id: "once")?.lastSeen == 42)
    }
}
