import Foundation
import Testing

@testable import EntraAuth

/// Sessions that can be ended: sign-out, Entra's front-channel logout and an administrator end them at once, for
/// every copy of the cookie; idle and absolute limits follow today's settings.
struct SessionLifecycleTests: SessionChecking {
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

    @Test func aShortIdleTimeoutIsKeptToAQuarterOfIt() throws {
        let store = CountingStore(SQLiteSessionStore(path: TemporaryFolder().path + "/s.db"))
        let harness = try AuthHarness(sessionIdleTimeout: 60, sessionStore: store)
        let jar = try signedIn(harness)
        // A reader at work, one request every 45 s, is never found idle.
        for _ in 0..<4 {
            harness.clock.advance(by: 45)
            #expect(check(harness, jar: jar).status == 204)
        }
        #expect(store.touches == 4, "last use written every 15 s at most")
        harness.clock.advance(by: 61)
        #expect(check(harness, jar: jar).status == 401, "idle for over a minute")
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
}
