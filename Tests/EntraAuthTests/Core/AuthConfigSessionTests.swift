import Foundation
import Testing

@testable import EntraAuth

/// How long sessions last, how often they are re-checked, and where they are stored.
struct AuthConfigSessionTests: StreamlitTableLoading {
    let folder = TemporaryFolder()

    @Test(arguments: [
        ("8h", 28_800.0), ("90m", 5_400), ("1h30m", 5_400), ("3600s", 3_600), ("1d", 86_400), (" 2h ", 7_200),
    ])
    func sessionLifetimesParse(text: String, seconds: TimeInterval) throws {
        #expect(try load(with: "session_lifetime = \"\(text)\"").sessionLifetime == seconds)
    }

    @Test(arguments: ["eight hours", "8", "h", "0h", "-1h", "1.5h", "8 h", "1w", ""])
    func badSessionLifetimesAreRefused(text: String) {
        let message = error(variant("session_lifetime = \"\(text)\""))
        #expect(message.contains("session_lifetime"))
        #expect(message.contains("8h"))
    }

    @Test func theIdleTimeoutIsOffUnlessSetAndAtLeastAMinute() throws {
        #expect(try load(Self.streamlit).sessionIdleTimeout == nil)
        #expect(try load(with: "session_idle_timeout = \"1h\"").sessionIdleTimeout == 3_600)
        #expect(try load(with: "session_idle_timeout = \"60s\"").sessionIdleTimeout == 60)
        let short = error(variant("session_idle_timeout = \"59s\""))
        #expect(short.contains("session_idle_timeout") && short.contains("at least a minute"))
        let bad = error(variant("session_idle_timeout = \"an hour\""))
        #expect(bad.contains("session_idle_timeout") && bad.contains("1h30m"))
    }

    @Test func reChecksAreOnEveryFifteenMinutesWithAnHoursGraceUnlessSet() throws {
        let defaults = try load(Self.streamlit)
        #expect(defaults.recheckEvery == 900 && defaults.recheckGrace == 3_600)
        #expect(try load(with: "recheck_every = \"off\"").recheckEvery == nil)
        #expect(try load(with: "recheck_every = \"10s\"").recheckEvery == 10)
        #expect(try load(with: "recheck_every = \"2h\"").recheckEvery == 7_200)
        #expect(try load(with: "recheck_grace = \"30m\"").recheckGrace == 1_800)
        let short = error(variant("recheck_every = \"9s\""))
        #expect(short.contains("recheck_every") && short.contains("at least 10s") && short.contains("off"))
        let bad = error(variant("recheck_every = \"often\""))
        #expect(bad.contains("recheck_every") && bad.contains("1h30m"))
        #expect(error(variant("recheck_grace = \"5s\"")).contains("recheck_grace"))
        #expect(error(variant("recheck_grace = \"off\"")).contains("recheck_grace"))
    }

    @Test func theSessionStoreIsSQLiteByDefaultOrNamedByItsAddress() throws {
        #expect(try load(Self.streamlit).sessionStore == .sqlite(path: "/var/lib/sitegen-auth/sessions.db"))
        #expect(
            try load(with: "session_store = \"sqlite:state/s.db\"").sessionStore
                == .sqlite(path: folder.path + "/state/s.db"))
        let redis = try load(with: "session_store = \"redis://:pw@127.0.0.1:6380/2\"").sessionStore
        #expect(redis == .redis(RedisAddress("redis://:pw@127.0.0.1:6380/2")!))
        #expect(redis.display == "redis://127.0.0.1:6380/2", "never the password")
        for bad in ["sqlite:", "postgres://db/sessions", "redis://", "/var/lib/sessions.db"] {
            let message = error(variant("session_store = \"\(bad)\""))
            #expect(message.contains("session_store") && message.contains("redis://HOST:PORT/DB"), "\(bad)")
        }
    }

    @Test func aSessionStoreThatDoesNotParseIsNamedWithoutItsPassword() {
        for bad in ["rediss://app:s3cr%2Ft@cache.example:6380/0", "redis://:s3cr/t@cache.example/x", "redis://s3cr/t@"]
        {
            let message = error(variant("session_store = \"\(bad)\""))
            #expect(message.contains("session_store") && message.contains("redis://HOST:PORT/DB"), "\(bad)")
            #expect(!message.contains("s3cr"), "\(message)")
            #expect(message.contains("://***@"), "\(message)")
        }
    }
}
