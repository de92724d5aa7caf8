import Foundation

/// A thread subscribed to the channel on which every server publishes the sessions it ends (sign-out, Entra's
/// front-channel logout, idle timeout, `sessions revoke`), which drops them from this server's `RedisSessionCache`.
///
/// The cache is used only while the subscription is known to be alive: the feed pings Redis every second, and a
/// closed connection, an error, or 3 s without a word from Redis empties the cache and turns it off until the feed
/// has subscribed again (it retries every second). The thread ends when the store that owns the cache is gone.
enum RedisRevocationFeed {
    /// The channel endings are published on; each message is the id of a session ended, or `everyone`.
    static let channel = RedisSessionStore.prefix + "ended"
    /// The message that ends every session (`sessions revoke --all`); no session id has this form.
    static let everyone = "*"
    private static let pingEvery: UInt64 = 1_000_000_000
    private static let silenceLimit: UInt64 = 3_000_000_000

    /// Starts following `address` for `cache`, for as long as `cache` is used by someone else.
    static func start(address: RedisAddress, cache: RedisSessionCache) {
        let thread = Thread { [weak cache] in
            while cache != nil {
                follow(address) { cache }
                cache?.forgetAll(live: false)
                Thread.sleep(forTimeInterval: 1)
            }
        }
        thread.name = "redis-revocations"
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Subscribes and applies messages until the connection fails, falls silent, or the cache is released.
    private static func follow(_ address: RedisAddress, cache: () -> RedisSessionCache?) {
        guard let connection = try? RedisConnection(address, timeout: 1),
            (try? connection.command(["SUBSCRIBE", channel])) != nil
        else { return }
        cache()?.forgetAll(live: true)
        var heard = MonotonicClock.nanoseconds()
        var pinged = heard
        while let current = cache() {
            guard let replies = try? connection.replies(waitingAtMost: 250) else { return }
            let now = MonotonicClock.nanoseconds()
            if !replies.isEmpty { heard = now }
            for reply in replies { apply(reply, to: current) }
            guard now &- heard < silenceLimit else { return }
            if now &- pinged >= pingEvery {
                guard (try? connection.send(["PING"])) != nil else { return }
                pinged = now
            }
        }
    }

    /// A message `["message", channel, id]` forgets that session (`everyone`: all of them); pongs only show the
    /// connection is alive.
    private static func apply(_ reply: RedisConnection.Reply, to cache: RedisSessionCache) {
        guard let parts = reply.array, parts.count == 3, parts[0].text == "message", let id = parts[2].text else {
            return
        }
        if id == everyone { cache.forgetAll() } else { cache.forget(id: id) }
    }
}
