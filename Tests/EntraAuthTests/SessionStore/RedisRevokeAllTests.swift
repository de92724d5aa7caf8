import Foundation
import Synchronization
import Testing

@testable import EntraAuth

/// `sessions revoke --all` on Redis scans for sessions; one created while it scans must not outlive it. Against a
/// real `redis-server`, with sign-ins arriving on another thread all through the revocation.
@Suite(.serialized)
struct RedisRevokeAllTests {
    let redis: RedisServer

    init() throws {
        redis = try RedisServer()
    }

    @Test func aSessionCreatedWhileEveryoneIsRevokedOpensNothingAfterwards() throws {
        let service = RedisSessionStore(address: redis.address, caching: false)
        let administration = RedisSessionStore(address: redis.address, caching: false)
        for index in 0..<4000 { try service.create(SessionStoreContractTests.session("before-\(index)")) }

        let revoking = Atomic<Int>(0)  // 0 before the call, 1 during it, 2 once it has returned
        let created = Atomic<Int>(0)
        let createdDuring = Mutex<[String]>([])
        let creatorDone = DispatchSemaphore(value: 0)
        let creator = Thread {
            var index = 0
            while revoking.load(ordering: .acquiring) < 2 {
                let id = "during-\(index)"
                index += 1
                guard (try? service.create(SessionStoreContractTests.session(id))) != nil else { continue }
                created.add(1, ordering: .releasing)
                if revoking.load(ordering: .acquiring) == 1 { createdDuring.withLock { $0.append(id) } }
            }
            creatorDone.signal()
        }
        let redisClient = try RedisConnection(redis.address, timeout: 1)
        let generation = { try redisClient.command(["GET", RedisSessionStore.generationKey]).text ?? "0" }
        let before = try generation()
        creator.start()
        while created.load(ordering: .acquiring) == 0 { usleep(1000) }
        revoking.store(1, ordering: .releasing)
        _ = try administration.end(.all)
        revoking.store(2, ordering: .releasing)
        creatorDone.wait()

        let during = createdDuring.withLock { $0 }
        #expect(during.count >= 5, "sign-ins completed while the revocation ran: \(during.count)")
        // The revocation's last step moves the generation on; a session created after it, before the call returned,
        // rightly opens (how many depends on how the threads were scheduled), one created before it never does.
        let after = try generation()
        #expect(Int(after) == Int(before).map { $0 + 1 })
        for id in during where try service.session(id: id) != nil {
            let created = try redisClient.command(["HGET", RedisSessionStore.sessionKey(id), "gen"]).text
            #expect(created == after, "\(id), created in generation \(created ?? "none") during the revocation, opens")
        }
        #expect(try service.session(id: "before-0") == nil && service.session(id: "before-3999") == nil)

        try service.create(SessionStoreContractTests.session("after"))
        #expect(try service.session(id: "after") != nil, "a session created after the revocation opens")
        #expect(try service.sessions(.all).map(\.id).allSatisfy { !$0.hasPrefix("before-") })
    }

    @Test func everyServerForgetsTheSessionsItKeptWhenEveryoneIsRevoked() throws {
        let here = RedisSessionStore(address: redis.address)
        let administration = RedisSessionStore(address: redis.address, caching: false)
        try here.create(SessionStoreContractTests.session("kept"))
        // Read until this server answers from memory (its revocation feed is subscribed by then).
        let deadline = Date().addingTimeInterval(5)
        var kept = false
        var marker = 1
        while !kept, Date() < deadline {
            _ = try here.session(id: "kept")
            _ = try RedisConnection(redis.address, timeout: 1).command([
                "HSET", RedisSessionStore.sessionKey("kept"), "seen", "\(marker)",
            ])
            kept = try here.session(id: "kept")?.lastSeen != marker
            marker += 1
            usleep(50_000)
        }
        #expect(kept)
        // The scan does not see the session (its key was renamed away and back around it), so only the move to a
        // new generation can end it: every server must drop what it kept at once.
        let connection = try RedisConnection(redis.address, timeout: 1)
        _ = try connection.command(["RENAME", RedisSessionStore.sessionKey("kept"), "sitegen-hidden"])
        _ = try administration.end(.all)
        _ = try connection.command(["RENAME", "sitegen-hidden", RedisSessionStore.sessionKey("kept")])
        let ended = Date()
        while try here.session(id: "kept") != nil, Date().timeIntervalSince(ended) < 6 { usleep(10_000) }
        #expect(try here.session(id: "kept") == nil)
        #expect(Date().timeIntervalSince(ended) < 1, "dropped when the new generation was published")
    }
}
