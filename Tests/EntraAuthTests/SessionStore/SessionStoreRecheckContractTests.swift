import Foundation
import Testing

@testable import EntraAuth

/// What re-checks ask of every session store, against a real SQLite file and a real Redis server: the refresh token
/// and the time of the last check travel with the record, an update replaces only them, and one lease per session.
@Suite(.serialized)
struct SessionStoreRecheckContractTests {
    typealias Backend = SessionStoreContractTests.Backend
    typealias Fixture = SessionStoreContractTests.Fixture

    static func session(_ id: String) -> StoredSession {
        var stored = SessionStoreContractTests.session(id)
        stored.checkedAt = stored.createdAt + 5
        stored.refreshToken = Array("sealed refresh \u{0}".utf8) + [255]
        return stored
    }

    @Test(arguments: Backend.allCases)
    func theRefreshTokenAndLastCheckAreStoredAndUpdatedInPlace(backend: Backend) throws {
        let fixture = try Fixture(backend)
        let stored = Self.session("r1")
        try fixture.store.create(stored)
        #expect(try fixture.store.session(id: "r1") == stored)

        var updated = stored
        updated.sealed = Array("new claims".utf8)
        updated.checkedAt = stored.checkedAt + 900
        updated.refreshToken = Array("rotated".utf8)
        // Only what a re-check changes is written: owner, times and indexes stay as they were.
        var moved = updated
        moved.objectID = "someone-else"
        moved.expiresAt += 86_400
        #expect(try fixture.store.update(moved, ifCheckedAt: stored.checkedAt))
        #expect(try fixture.store.session(id: "r1") == updated)
        #expect(try fixture.store.sessions(.user(objectID: stored.objectID)).map(\.id) == ["r1"])
        #expect(try fixture.store.update(Self.session("gone"), ifCheckedAt: 0) == false)
        #expect(try fixture.store.session(id: "gone") == nil)
    }

    /// A re-check whose lease ran out while it waited on the provider must not write its older answer over the one
    /// another server wrote meanwhile.
    @Test(arguments: Backend.allCases)
    func anUpdateFromAnOlderReadLeavesTheNewerOneInPlace(backend: Backend) throws {
        let fixture = try Fixture(backend)
        let stored = Self.session("r2")
        try fixture.store.create(stored)
        var newer = stored
        newer.sealed = Array("roles removed".utf8)
        newer.checkedAt = stored.checkedAt + 60
        var older = stored
        older.sealed = Array("roles as before".utf8)
        older.checkedAt = stored.checkedAt + 30
        #expect(try fixture.store.update(newer, ifCheckedAt: stored.checkedAt))
        #expect(try fixture.store.update(older, ifCheckedAt: stored.checkedAt) == false)
        #expect(try fixture.store.session(id: "r2") == newer)
    }

    @Test(arguments: Backend.allCases)
    func aSessionWithoutARefreshTokenReadsBackEmpty(backend: Backend) throws {
        let fixture = try Fixture(backend)
        let plain = SessionStoreContractTests.session("p1")
        try fixture.store.create(plain)
        let read = try #require(try fixture.store.session(id: "p1"))
        #expect(read.refreshToken.isEmpty && read.checkedAt == 0)
    }

    @Test(arguments: Backend.allCases)
    func oneLeasePerSessionUntilItsTimeOrRelease(backend: Backend) throws {
        let fixture = try Fixture(backend)
        let now = SessionStoreContractTests.now
        #expect(try fixture.store.lease(recheckOf: "s1", now: now, until: now + 30))
        #expect(try fixture.store.lease(recheckOf: "s1", now: now, until: now + 30) == false)
        #expect(try fixture.store.lease(recheckOf: "s2", now: now, until: now + 30))
        try fixture.store.release(recheckOf: "s1")
        #expect(try fixture.store.lease(recheckOf: "s1", now: now, until: now + 1))
        Thread.sleep(forTimeInterval: 2.1)
        let later = SessionStoreContractTests.now
        #expect(try fixture.store.lease(recheckOf: "s1", now: later, until: later + 60), "an expired lease is free")
        #expect(try fixture.store.lease(recheckOf: "s2", now: now, until: now + 30) == false)
    }

    /// A CGI process closes its connections before it forks the re-check (`AfterAnswerWork`); the store then opens
    /// new ones and finds what the closed ones wrote. A child that used its parent's SQLite connection took leases
    /// another process held.
    @Test(arguments: Backend.allCases)
    func closedConnectionsAreReplacedAndTheLeaseStaysHeld(backend: Backend) throws {
        let fixture = try Fixture(backend)
        let now = SessionStoreContractTests.now
        #expect(try fixture.store.lease(recheckOf: "c1", now: now, until: now + 30))
        fixture.store.closeIdleConnections()
        #expect(try fixture.store.lease(recheckOf: "c1", now: now, until: now + 30) == false)
        fixture.store.closeIdleConnections()
        try fixture.store.ping()
    }

    @Test func anSQLiteFileOfAnEarlierVersionGainsTheColumns() throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/earlier.db"
        let expires = SessionStoreContractTests.now + 3600
        do {
            let earlier = try SQLiteConnection(path: path, create: true)
            try earlier.execute(
                """
                CREATE TABLE sessions (
                    id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, object_id TEXT NOT NULL, provider_session_id TEXT,
                    issuer TEXT NOT NULL, created_at INTEGER NOT NULL, last_seen INTEGER NOT NULL,
                    expires_at INTEGER NOT NULL, sealed BLOB NOT NULL
                ) WITHOUT ROWID;
                INSERT INTO sessions VALUES ('old', 't', 'o', NULL, 'i', 1, 1, \(expires), x'00ff');
                """)
        }
        let store = SQLiteSessionStore(path: path)
        var read = try #require(try store.session(id: "old"))
        #expect(read.checkedAt == 0 && read.refreshToken.isEmpty && read.sealed == [0, 255])
        read.checkedAt = 7
        read.refreshToken = [1, 2]
        #expect(try store.update(read, ifCheckedAt: 0))
        #expect(try SQLiteSessionStore(path: path).session(id: "old") == read)
    }
}
