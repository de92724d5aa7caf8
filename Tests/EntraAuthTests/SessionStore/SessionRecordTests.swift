import Foundation
import Testing

@testable import EntraAuth

/// What the session store holds and how far it is trusted: a sign-in attempt completes once, a record opens only as
/// it was sealed, sessions survive a restart, and a store that cannot be reached fails protected paths closed.
struct SessionRecordTests: SessionChecking {
    @Test func aSignInAttemptCompletesOnceEvenWithACopiedCookie() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        let attempt = harness.login(rd: "/docs/", jar: &jar)
        let copied = jar
        harness.answerToken(try harness.idToken(for: attempt))
        #expect(harness.callback(attempt, jar: &jar).status == 303)
        var replay = copied
        let replayed = harness.callback(attempt, jar: &replay)
        #expect(replayed.status == 400)
        #expect(issuesNoSession(replayed, harness: harness))
        #expect(harness.logs.lines.contains { $0.contains("reason=\"state used before\"") })
    }

    @Test func anUnreachableStoreFailsProtectedPathsClosedAndServesPublicOnesOnce() throws {
        let store = CountingStore(SQLiteSessionStore(path: TemporaryFolder().path + "/s.db"))
        let harness = try AuthHarness(sessionStore: store)
        let jar = try signedIn(harness)
        store.isDown = true

        #expect(check(harness, "/docs/", jar: jar).status == 503)
        #expect(check(harness, "/secret/", jar: jar).status == 503)
        let publicPage = check(harness, "/", jar: jar)
        #expect(publicPage.status == 204 && publicPage.header("X-Auth-User") == nil)
        #expect(check(harness, "/docs/", jar: CookieJar()).status == 401, "no cookie: nothing to look up")
        #expect(harness.get("/.auth/health").status == 503)
        #expect(harness.get("/.auth/me", jar: jar).status == 503)
        let signOut = harness.get("/.auth/logout", headers: ["Sec-Fetch-Site": "same-origin"], jar: jar)
        #expect(signOut.status == 503 && signOut.headers("Set-Cookie").isEmpty, "the reader keeps the cookie to retry")
        #expect(harness.logs.lines.filter { $0.contains("event=session_store_unavailable") }.count == 1)

        store.isDown = false
        #expect(check(harness, "/secret/", jar: jar).status == 204, "the same session works again")
        #expect(harness.get("/.auth/health").status == 200)
        #expect(harness.logs.lines.filter { $0.contains("event=session_store_recovered") }.count == 1)
    }

    @Test func theStoreHoldsNoReadableClaimsAndATamperedRecordOpensNothing() throws {
        let harness = try AuthHarness()
        let jar = try signedIn(harness)
        let stored = try #require(try harness.sessionStore.sessions(.all).first)
        let text = String(decoding: stored.sealed, as: UTF8.self)
        for claim in ["Ann Lee", "ann.lee@contoso.example", "Finance.Read"] { #expect(!text.contains(claim)) }

        var tampered = stored
        tampered.id = "forged-copy"
        try harness.sessionStore.create(tampered)
        #expect(harness.endpoints.sessions.find(id: "forged-copy").isNone, "a record moved to another id does not open")
        #expect(check(harness, jar: jar).status == 204)
    }

    @Test(arguments: ["nothing", "expiresAt", "createdAt", "objectID", "tenantID", "providerSessionID", "issuer"])
    func aRecordWhoseClearFieldsWereChangedOpensNothing(changed field: String) throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        #expect(try harness.signIn(jar: &jar).status == 303)
        let stored = try #require(try harness.sessionStore.sessions(.all).first)
        var altered = stored
        switch field {
        case "expiresAt": altered.expiresAt += 365 * 86_400
        case "createdAt": altered.createdAt += 3_600
        case "objectID": altered.objectID = "00000000-0000-0000-0000-00000000beef"
        case "tenantID": altered.tenantID = "00000000-0000-0000-0000-00000000cafe"
        case "providerSessionID": altered.providerSessionID = "another-entra-session"
        case "issuer": altered.issuer = "https://login.microsoftonline.com/another/v2.0"
        default: break
        }
        #expect(try harness.sessionStore.end(.session(id: stored.id)) == 1)
        try harness.sessionStore.create(altered)
        let opened = field == "nothing"
        #expect(check(harness, jar: jar).status == (opened ? 204 : 401), "\(field) changed in the store")
        #expect(harness.logs.lines.contains { $0.contains("event=session_record_altered") } == !opened)
        #expect(check(harness, jar: jar).status == (opened ? 204 : 401), "and again")
        #expect(
            harness.logs.lines.filter { $0.contains("event=session_record_altered") }.count == (opened ? 0 : 1),
            "logged once, not on every check")
        let listed = try harness.endpoints.sessions.list(.all)
        #expect(listed.count == 1 && (listed.first?.session == nil) == !opened, "the administrator sees it unopened")
    }

    @Test func sessionsSurviveARestart() throws {
        let folder = TemporaryFolder()
        let first = try AuthHarness(folder: folder, cookieSecret: "shared")
        let jar = try signedIn(first)
        let restarted = try AuthHarness(folder: folder, cookieSecret: "shared")
        restarted.clock.advance(by: first.clock.now().timeIntervalSince(restarted.clock.now()))
        #expect(check(restarted, "/secret/", jar: jar).status == 204)
    }
}

extension SessionRegistry.Lookup {
    var isNone: Bool { if case .none = self { true } else { false } }
}
