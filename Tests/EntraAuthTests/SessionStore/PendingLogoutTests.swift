import Foundation
import Testing

@testable import EntraAuth

/// Entra calls the front-channel logout once: one that arrives while the session store cannot take it is kept, in
/// the cache folder, and applied when the store answers again, also after a restart. Against a real SQLite file
/// locked by another connection, as a backup or a stuck process would.
struct PendingLogoutTests {
    func check(_ harness: AuthHarness, _ uri: String = "/secret/", jar: CookieJar) -> Response {
        harness.get("/.auth/check", headers: ["X-Original-URI": uri], jar: jar)
    }

    @Test func aLogoutWhileTheStoreIsLockedIsKeptAcrossARestartAndAppliedWhenItAnswers() throws {
        let folder = TemporaryFolder()
        let first = try AuthHarness(folder: folder, cookieSecret: "shared")
        var session = first.session(roles: ["Finance.Read"])
        session.providerSessionID = "entra-sid-9"
        let jar = try first.jar(with: session)
        var other = first.session(roles: ["Finance.Read"])
        other.providerSessionID = "entra-sid-10"
        let otherJar = try first.jar(with: other)
        let id = try #require(first.session(in: jar)?.id)
        let otherID = try #require(first.session(in: otherJar)?.id)

        let lock = try SQLiteConnection(path: folder.path + "/state/sessions.db", create: false)
        try lock.execute("BEGIN EXCLUSIVE")
        let answer = first.get("/.auth/frontchannel-logout?sid=entra-sid-9")
        #expect(answer.status == 200, "Entra's iframe gets its answer; it will not call again")
        #expect(answer.header("Content-Security-Policy")?.contains("frame-ancestors") == true)
        #expect(first.logs.lines.contains { $0.contains("event=frontchannel_logout_pending") })
        let file = folder.path + "/cache/pending-logouts"
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        // A restart while the store is still locked: the logout is read back, and the session opens nothing even
        // though the store cannot end it yet; another Entra session's reader is not affected.
        let restarted = try AuthHarness(folder: folder, cookieSecret: "shared")
        restarted.clock.advance(by: first.clock.now().timeIntervalSince(restarted.clock.now()))
        #expect(check(restarted, jar: jar).status == 401)
        #expect(check(restarted, jar: otherJar).status == 204)

        try lock.execute("ROLLBACK")
        restarted.endpoints.sessions.applyPendingLogouts()
        #expect(try restarted.sessionStore.session(id: id) == nil, "the store took the logout")
        #expect(try restarted.sessionStore.session(id: otherID) != nil)
        #expect(restarted.endpoints.sessions.pendingLogouts.isEmpty)
        #expect(try String(contentsOfFile: file, encoding: .utf8).isEmpty)
        #expect(restarted.logs.lines.contains { $0.contains("event=frontchannel_logout sessions=1 waited=yes") })
        #expect(check(restarted, jar: otherJar).status == 204)
    }

    @Test func aLogoutWhileRedisIsStoppedEndsTheSessionOnEveryServerOnceItIsBack() throws {
        let redis = try RedisServer()
        let here = try AuthHarness(sessionStore: RedisSessionStore(address: redis.address), cookieSecret: "shared")
        let there = try AuthHarness(sessionStore: RedisSessionStore(address: redis.address), cookieSecret: "shared")
        there.clock.advance(by: here.clock.now().timeIntervalSince(there.clock.now()))
        var session = here.session(roles: ["Finance.Read"])
        session.providerSessionID = "entra-sid-11"
        let jar = try here.jar(with: session)
        #expect(check(there, jar: jar).status == 204)

        redis.stop()
        #expect(here.get("/.auth/frontchannel-logout?sid=entra-sid-11").status == 200)
        #expect(check(here, jar: jar).status == 503, "the store is away: protected paths fail closed")
        try redis.start()
        #expect(check(here, jar: jar).status == 401, "the server that kept the logout applies it on the next lookup")
        #expect(here.endpoints.sessions.pendingLogouts.isEmpty)
        #expect(check(there, jar: jar).status == 401, "and in the shared store, so every server refuses it")
        #expect(here.logs.lines.contains { $0.contains("event=frontchannel_logout sessions=1 waited=yes") })
    }

    @Test func processesSharingTheFileAddToWhatTheOthersWrote() throws {
        let folder = TemporaryFolder()
        let log = AuthLog { _ in }
        // Two one-shot CGI processes that started before either saved.
        let first = PendingLogouts(folder: folder.path, lifetime: 3600, log: log)
        let second = PendingLogouts(folder: folder.path, lifetime: 3600, log: log)
        first.add(sid: "sid-a", issuer: nil, at: 1000)
        second.add(sid: "sid-b", issuer: nil, at: 1001)
        let later = PendingLogouts(folder: folder.path, lifetime: 3600, log: log)
        for sid in ["sid-a", "sid-b"] {
            let stored = StoredSession(
                id: "x", tenantID: "t", objectID: "o", providerSessionID: sid, issuer: "i", createdAt: 0,
                lastSeen: 0, expiresAt: 9999, sealed: [])
            #expect(later.matching(stored).count == 1, "\(sid) is kept")
        }
        // One applied by the first is gone for all, and the other stays.
        first.retry(at: 1002) { entry in
            if entry.sid == "sid-b" { throw AuthError(.sessionStore, "still down") }
        }
        let text = try String(contentsOfFile: folder.path + "/pending-logouts", encoding: .utf8)
        #expect(!text.contains("sid-a") && text.contains("sid-b"), "\(text)")
    }

    @Test func waitingLogoutsAreBoundedInCountAndAge() throws {
        let folder = TemporaryFolder()
        let log = AuthLog { _ in }
        let pending = PendingLogouts(folder: folder.path, lifetime: 3600, log: log)
        for index in 0..<(PendingLogouts.capacity + 5) { pending.add(sid: "sid-\(index)", issuer: nil, at: 1000) }
        let stored = StoredSession(
            id: "x", tenantID: "t", objectID: "o", providerSessionID: "sid-4", issuer: "i", createdAt: 0, lastSeen: 0,
            expiresAt: 9999, sealed: [])
        #expect(pending.matching(stored).isEmpty, "the oldest made room")
        var newest = stored
        newest.providerSessionID = "sid-\(PendingLogouts.capacity + 4)"
        #expect(pending.matching(newest).count == 1)
        let reloaded = PendingLogouts(folder: folder.path, lifetime: 3600, log: log)
        #expect(reloaded.matching(newest).count == 1)
        // Past the longest session lifetime nothing it names can still be alive: it is dropped, applied or not.
        reloaded.retry(at: 1000 + 3601) { _ in throw AuthError(.sessionStore, "still down") }
        #expect(reloaded.isEmpty)
    }
}
