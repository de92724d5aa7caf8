import Foundation
import Testing

@testable import EntraAuth

/// The contract every session store keeps, run against a real SQLite file and a real Redis server.
@Suite(.serialized)
struct SessionStoreContractTests {
    enum Backend: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, redis
        var testDescription: String { rawValue }
    }

    /// A store of `backend` and what keeps it alive.
    struct Fixture {
        let store: any SessionStore
        let folder: TemporaryFolder
        let redis: RedisServer?

        init(_ backend: Backend) throws {
            folder = TemporaryFolder()
            switch backend {
            case .sqlite:
                redis = nil
                store = SQLiteSessionStore(path: folder.path + "/state/sessions.db")
            case .redis:
                let server = try RedisServer()
                redis = server
                store = RedisSessionStore(address: server.address)
            }
        }
    }

    /// Stores expire sessions by their own clock, so the sessions here are made at the real time.
    static var now: Int { Int(Date().timeIntervalSince1970) }

    static func session(
        _ id: String, user: String = "00000000-0000-0000-66f3-3332eca7ea81", sid: String? = "sid-1",
        expiresAt: Int? = nil
    ) -> StoredSession {
        let created = now / 100 * 100
        return StoredSession(
            id: id, tenantID: TestProvider.tenantID, objectID: user, providerSessionID: sid,
            issuer: TestProvider.singleTenant.discoveredIssuer, createdAt: created, lastSeen: created,
            expiresAt: expiresAt ?? created + 3600,
            sealed: Array("sealed \(id) \u{0}\u{ff} bytes".utf8) + [0, 255, 13, 10])
    }

    @Test(arguments: Backend.allCases)
    func aCreatedSessionIsFoundByItsIdExactlyAsStored(backend: Backend) throws {
        let fixture = try Fixture(backend)
        let stored = Self.session("a1")
        try fixture.store.create(stored)
        #expect(try fixture.store.session(id: "a1") == stored)
        #expect(try fixture.store.session(id: "nope") == nil)
        let withoutSID = Self.session("a2", sid: nil)
        try fixture.store.create(withoutSID)
        #expect(try fixture.store.session(id: "a2") == withoutSID)
    }

    @Test(arguments: Backend.allCases)
    func touchUpdatesLastSeenAndNeverBringsBackAnEndedSession(backend: Backend) throws {
        let fixture = try Fixture(backend)
        try fixture.store.create(Self.session("t1"))
        let seen = Self.session("t1").lastSeen + 61
        try fixture.store.touch(id: "t1", at: seen)
        #expect(try fixture.store.session(id: "t1")?.lastSeen == seen)
        #expect(try fixture.store.end(.session(id: "t1")) == 1)
        try fixture.store.touch(id: "t1", at: seen + 61)
        #expect(try fixture.store.session(id: "t1") == nil)
        #expect(try fixture.store.sessions(.all).isEmpty)
    }

    @Test(arguments: Backend.allCases)
    func endingSelectsExactlyTheSessionsNamed(backend: Backend) throws {
        let fixture = try Fixture(backend)
        let ann = "00000000-0000-0000-66f3-3332eca7ea81"
        let bob = "bbbbbbbb-0000-4000-8000-000000000002"
        try fixture.store.create(Self.session("ann-laptop", user: ann, sid: "sid-laptop"))
        try fixture.store.create(Self.session("ann-phone", user: ann, sid: "sid-phone"))
        try fixture.store.create(Self.session("bob-1", user: bob, sid: "sid-bob"))
        try fixture.store.create(Self.session("bob-2", user: bob, sid: "sid-bob"))
        try fixture.store.create(Self.session("bob-3", user: bob, sid: nil))

        #expect(
            try Set(fixture.store.sessions(.user(objectID: ann.uppercased())).map(\.id)) == ["ann-laptop", "ann-phone"])
        #expect(try fixture.store.end(.providerSession("sid-laptop")) == 1)
        #expect(try fixture.store.session(id: "ann-laptop") == nil)
        #expect(try fixture.store.session(id: "ann-phone") != nil)
        #expect(try fixture.store.sessions(.user(objectID: ann)).map(\.id) == ["ann-phone"])

        #expect(try fixture.store.end(.user(objectID: bob.uppercased())) == 3)
        #expect(try fixture.store.sessions(.providerSession("sid-bob")).isEmpty)
        #expect(try fixture.store.end(.user(objectID: bob)) == 0)
        #expect(try fixture.store.end(.session(id: "missing")) == 0)
        #expect(try fixture.store.sessions(.all).map(\.id) == ["ann-phone"])
        #expect(try fixture.store.countLive() == 1, "ended sessions are not counted")

        try fixture.store.create(Self.session("c1"))
        #expect(try fixture.store.end(.all) == 2)
        #expect(try fixture.store.sessions(.all).isEmpty)
        #expect(try fixture.store.countLive() == 0)
        #expect(try fixture.store.removeExpired(now: Self.now + 7200) == 0, "an ended session never counts as expired")
    }

    @Test(arguments: Backend.allCases)
    func aSignInStateIsConsumedOnce(backend: Backend) throws {
        let fixture = try Fixture(backend)
        #expect(try fixture.store.consume(state: "0abc", until: Int(Date().timeIntervalSince1970) + 600))
        #expect(try !fixture.store.consume(state: "0abc", until: Int(Date().timeIntervalSince1970) + 600))
        #expect(try fixture.store.consume(state: "1abc", until: Int(Date().timeIntervalSince1970) + 600))
    }

    /// Both stores count the live sessions, and count each expired one once when it is swept: Redis forgets the
    /// session by itself, the sweep takes it out of the expiries.
    @Test(arguments: Backend.allCases)
    func expiredSessionsAreGone(backend: Backend) throws {
        let fixture = try Fixture(backend)
        let now = Int(Date().timeIntervalSince1970)
        try fixture.store.create(Self.session("short", expiresAt: now + 1))
        try fixture.store.create(Self.session("long", expiresAt: now + 3600))
        Thread.sleep(forTimeInterval: 2.1)
        #expect(try fixture.store.session(id: "short") == nil)
        #expect(try fixture.store.sessions(.all).map(\.id) == ["long"])
        #expect(try fixture.store.countLive() == 1)
        #expect(try fixture.store.removeExpired(now: Int(Date().timeIntervalSince1970)) == 1)
        #expect(try fixture.store.removeExpired(now: Int(Date().timeIntervalSince1970)) == 0)
        #expect(try fixture.store.session(id: "long") != nil)
    }

    @Test(arguments: Backend.allCases)
    func manyThreadsShareTheStore(backend: Backend) async throws {
        let fixture = try Fixture(backend)
        let store = fixture.store
        try await withThrowingTaskGroup(of: Void.self) { group in
            for number in 0..<16 {
                group.addTask {
                    try store.create(Self.session("p\(number)"))
                    for _ in 0..<20 { #expect(try store.session(id: "p\(number)") != nil) }
                }
            }
            try await group.waitForAll()
        }
        #expect(try store.sessions(.all).count == 16)
    }

    @Test func aStoppedRedisFailsEveryCallAndOneThatIsBackServesTheSameSessions() throws {
        let redis = try RedisServer()
        let store = RedisSessionStore(address: redis.address)
        try store.create(Self.session("kept"))
        redis.stop()
        #expect(throws: AuthError.self) { try store.ping() }
        let failure = #expect(throws: AuthError.self) { try store.session(id: "kept") }
        #expect(failure?.description.contains("cannot reach Redis at 127.0.0.1:\(redis.port)/2") == true)
        try redis.start()
        try store.ping()
        #expect(try store.session(id: "kept") == Self.session("kept"))
    }

    @Test func anSQLiteFileDeletedWhileInUseIsNotHealthy() throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/sessions.db"
        let store = SQLiteSessionStore(path: path)
        try store.create(Self.session("kept"))
        try store.ping()
        try FileManager.default.removeItem(atPath: path)
        let error = #expect(throws: AuthError.self) { try store.ping() }
        #expect(error?.description.contains("was deleted while in use") == true)
    }

    /// The connections pooled before the restart were closed by the old server; none of them may fail a call.
    @Test func noCallFailsAfterARedisRestartedBetweenCalls() throws {
        let redis = try RedisServer()
        let store = RedisSessionStore(address: redis.address)
        try store.create(Self.session("kept"))
        DispatchQueue.concurrentPerform(iterations: 8) { _ in _ = try? store.session(id: "kept") }
        redis.stop()
        try redis.start()
        for call in 0..<8 {
            #expect(try store.session(id: "kept") == Self.session("kept"), "call \(call) after the restart")
        }
    }

    @Test func theAdministrationCommandsNeverCreateAnSQLiteStore() {
        let folder = TemporaryFolder()
        let store = SQLiteSessionStore(path: folder.path + "/sessions.db", mayCreate: false)
        let error = #expect(throws: AuthError.self) { try store.sessions(.all) }
        #expect(error?.description.contains("there is no session store at") == true)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/sessions.db"))
    }

    @Test func aRedisAddressIsReadWithItsPartsAndNeverShowsThePassword() {
        let full = RedisAddress("redis://app:s%3Acret@cache.internal:6380/3")
        #expect(full?.host == "cache.internal" && full?.port == 6380 && full?.database == 3)
        #expect(full?.user == "app" && full?.password == "s:cret")
        #expect(full?.display == "cache.internal:6380/3")
        #expect(RedisAddress("redis://localhost")?.port == 6379)
        #expect(RedisAddress("redis://:pw@localhost/0")?.password == "pw")
        for bad in ["http://localhost", "redis://", "redis://localhost/x", "localhost:6379"] {
            #expect(RedisAddress(bad) == nil, "\(bad)")
        }
    }
}
