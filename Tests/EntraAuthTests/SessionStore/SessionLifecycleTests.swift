import AccessRules
import Foundation
import Testing

@testable import EntraAuth

/// Sessions that can be ended: sign-out, Entra's front-channel logout and an administrator end them at once, for
/// every copy of the cookie; idle and absolute limits follow today's settings; a store that cannot be reached fails
/// closed for protected paths only.
struct SessionLifecycleTests {
    func check(_ harness: AuthHarness, _ uri: String = "/docs/", jar: CookieJar) -> Response {
        harness.get("/.auth/check", headers: ["X-Original-URI": uri], jar: jar)
    }

    func signedIn(_ harness: AuthHarness, sid: String? = nil, roles: [String] = ["Finance.Read"]) throws -> CookieJar {
        var session = harness.session(roles: roles)
        session.providerSessionID = sid
        return try harness.jar(with: session)
    }

    @Test func signOutEndsTheSessionForEveryCopyOfTheCookie() throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        #expect(try harness.signIn(jar: &jar).status == 303)
        let copy = jar
        #expect(check(harness, jar: copy).status == 204)

        let response = harness.get("/.auth/logout", headers: ["Sec-Fetch-Site": "same-origin"], jar: jar)
        #expect(response.status == 302)
        #expect(check(harness, jar: copy).status == 401, "a copy of the cookie opens nothing after sign-out")
        #expect(harness.get("/.auth/me", jar: copy).status == 401)
        #expect(try harness.sessionStore.sessions(.all).isEmpty)
    }

    @Test(arguments: ["cross-site", "same-site"])
    func aSignOutAnotherSiteAsksForIsConfirmedFirst(fetchSite: String) throws {
        let harness = try AuthHarness()
        var jar = CookieJar()
        #expect(try harness.signIn(jar: &jar).status == 303)

        let asked = harness.get("/.auth/logout", headers: ["Sec-Fetch-Site": fetchSite], jar: jar)
        #expect(asked.status == 200 && asked.header("Set-Cookie") == nil)
        #expect(asked.text.contains(#"<a class="button" href="/.auth/logout">Sign out</a>"#))
        #expect(check(harness, jar: jar).status == 204, "the session goes on until the reader answers")
        #expect(harness.get("/.auth/me", jar: jar).status == 200)

        let answered = harness.get("/.auth/logout", headers: ["Sec-Fetch-Site": "same-origin"], jar: jar)
        #expect(answered.status == 302)
        #expect(check(harness, jar: jar).status == 401)
    }

    @Test func frontChannelLogoutEndsEverySessionOfTheEntraSessionWithoutCookies() throws {
        let harness = try AuthHarness()
        let laptop = try signedIn(harness, sid: "entra-sid-1")
        let phone = try signedIn(harness, sid: "entra-sid-1")
        let other = try signedIn(harness, sid: "entra-sid-2")

        let response = harness.get("/.auth/frontchannel-logout?sid=entra-sid-1")
        #expect(response.status == 200)
        #expect(response.header("Cache-Control") == "no-store")
        #expect(
            response.header("Content-Security-Policy")
                == "default-src 'none'; frame-ancestors https://login.microsoftonline.com")
        #expect(response.header("X-Frame-Options") == nil)
        #expect(check(harness, jar: laptop).status == 401)
        #expect(check(harness, jar: phone).status == 401)
        #expect(check(harness, jar: other).status == 204)
        #expect(harness.logs.lines.contains { $0.contains("event=frontchannel_logout sessions=2") })
    }

    @Test func aFrontChannelLogoutWithAnotherIssuerEndsNothingAndOneWithoutSidIsRefused() throws {
        let harness = try AuthHarness()
        let jar = try signedIn(harness, sid: "entra-sid-1")
        let wrongIssuer = FormEncoding.escape("https://login.microsoftonline.com/\(TestProvider.otherTenantID)/v2.0")
        #expect(harness.get("/.auth/frontchannel-logout?sid=entra-sid-1&iss=\(wrongIssuer)").status == 200)
        #expect(check(harness, jar: jar).status == 204)
        #expect(harness.get("/.auth/frontchannel-logout").status == 400)

        let issuer = FormEncoding.escape(harness.idp.tokenIssuer())
        #expect(harness.get("/.auth/frontchannel-logout?sid=entra-sid-1&iss=\(issuer)").status == 200)
        #expect(check(harness, jar: jar).status == 401)
    }

    @Test func anAdministratorEndsAPersonsSessionsAndListsTheRest() throws {
        let harness = try AuthHarness()
        let ann = try signedIn(harness)
        var bobSession = harness.session()
        bobSession.objectID = "bbbbbbbb-0000-4000-8000-000000000002"
        bobSession.name = "Bob Stone\u{1B}]52;c;cm0gLXJmIH4=\u{07}\u{1B}[2K\u{202E}"
        let bob = try harness.jar(with: bobSession)
        var config = harness.config
        config.sessionStore = .sqlite(path: harness.folder.path + "/state/sessions.db")
        let administration = SessionAdministration(config: config)

        let table = try administration.list(user: nil)
        #expect(table.hasPrefix("SESSION "))
        #expect(table.contains("Ann Lee") && table.contains("Bob Stone?]52;c;cm0gLXJmIH4=??[2K?"))
        #expect(!table.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{202E}" })
        #expect(table.contains("00000000-0000-0000-66f3-3332eca7ea81"))
        #expect(table.hasSuffix("2 sessions (times in UTC; last seen is updated about once a minute)."))

        #expect(
            try administration.revoke(.user(objectID: "00000000-0000-0000-66F3-3332ECA7EA81"))
                == "Ended 1 session of user 00000000-0000-0000-66F3-3332ECA7EA81.")
        #expect(check(harness, jar: ann).status == 401)
        #expect(check(harness, jar: bob).status == 204)
        #expect(try !administration.list(user: nil).contains("Ann Lee"))
        let missing = #expect(throws: AuthError.self) { try administration.revoke(.session(id: "nope")) }
        #expect(missing?.description.hasPrefix("no session with id nope in sqlite:") == true)
        #expect(try administration.revoke(.all) == "Ended 1 session: every reader signs in again.")
        #expect(try administration.list(user: "x") == "No sessions of user x in \(config.sessionStore.display).")
    }

    @Test func anIdleSessionEndsAndLastSeenIsWrittenAtMostOnceAMinute() throws {
        let store = CountingStore(SQLiteSessionStore(path: TemporaryFolder().path + "/s.db"))
        let harness = try AuthHarness(sessionIdleTimeout: 600, sessionStore: store)
        let jar = try signedIn(harness)
        for _ in 0..<50 { #expect(check(harness, jar: jar).status == 204) }
        #expect(store.touches == 0)
        harness.clock.advance(by: 59)
        #expect(check(harness, jar: jar).status == 204)
        #expect(store.touches == 0)
        harness.clock.advance(by: 1)
        for _ in 0..<20 { #expect(check(harness, jar: jar).status == 204) }
        #expect(store.touches == 1, "one write per minute, not one per check")

        harness.clock.advance(by: 599)
        #expect(check(harness, jar: jar).status == 204, "used 599 s ago: still alive")
        harness.clock.advance(by: 601)
        #expect(check(harness, jar: jar).status == 401, "idle for over 10 minutes")
        #expect(try store.sessions(.all).isEmpty, "an idle session is ended, not only refused")
    }

    @Test func todaysShorterLifetimeAppliesToSessionsSignedInBefore() throws {
        let folder = TemporaryFolder()
        let before = try AuthHarness(folder: folder, cookieSecret: "shared")
        let jar = try signedIn(before)
        let today = try AuthHarness(
            sessionLifetime: 3600, sessionStore: before.sessionStore, folder: folder, cookieSecret: "shared")
        today.clock.advance(by: before.clock.now().timeIntervalSince(today.clock.now()))
        #expect(check(today, jar: jar).status == 204)
        today.clock.advance(by: 3600)
        #expect(check(today, jar: jar).status == 401)
        #expect(check(before, jar: jar).status == 204, "the old setting would have kept it")
    }

    @Test func theListShowsOnlySessionsTodaysSettingsAccept() throws {
        let folder = TemporaryFolder()
        let before = try AuthHarness(folder: folder, cookieSecret: "shared")
        _ = try signedIn(before)
        let today = try AuthHarness(
            sessionLifetime: 3600, sessionIdleTimeout: 1200, sessionStore: before.sessionStore, folder: folder,
            cookieSecret: "shared")
        today.clock.advance(by: before.clock.now().timeIntervalSince(today.clock.now()))
        let listed = try #require(try today.endpoints.sessions.list(.all).first)
        #expect(today.endpoints.sessions.expiry(of: listed.stored) == listed.stored.createdAt + 3600)
        #expect(before.endpoints.sessions.expiry(of: listed.stored) == listed.stored.expiresAt)
        today.clock.advance(by: 1201)
        #expect(try today.endpoints.sessions.list(.all).isEmpty, "idle for longer than today's timeout")
        #expect(try before.endpoints.sessions.list(.all).count == 1, "the earlier settings had no idle timeout")
        before.clock.advance(by: 8 * 3600)
        #expect(try before.endpoints.sessions.list(.all).isEmpty, "past its lifetime")
    }

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
        #expect(
            !replayed.headers("Set-Cookie").contains {
                $0.hasPrefix("__Host-sitegen-session=") && !$0.contains("Max-Age=0")
            })
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
    func update(_ session: StoredSession) throws -> Bool {
        try reachable()
        return try inner.update(session)
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
