import Foundation

/// Redis's `maxmemory-policy`, read from `INFO memory`. Every policy but `noeviction` may evict the index sets that
/// find a person's or an Entra session's sessions (they expire with their newest session, so `volatile-*` policies
/// may pick them as well as `allkeys-*` ones), and revoking them or a front-channel logout would then miss sessions
/// without a word. Only `noeviction` is accepted: a full Redis then refuses new sessions (a sign-in fails) instead.
enum RedisEvictionPolicy {
    /// The policy named in the text of `INFO memory`, or nil when it names none.
    static func policy(inInfo info: String) -> String? {
        for line in info.split(whereSeparator: \.isNewline) where line.hasPrefix("maxmemory_policy:") {
            return String(line.dropFirst("maxmemory_policy:".count)).trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// Why the Redis at `address` must not hold sessions, or nil when its policy is `noeviction` (or it does not say).
    static func problem(inInfo info: String, address: String) -> String? {
        guard let policy = policy(inInfo: info), policy != "noeviction" else { return nil }
        return "the Redis at \(address) has maxmemory-policy \(policy): it may evict the sets that find a user's or "
            + "an Entra session's sessions, and revoking them or a front-channel logout would then miss sessions. "
            + "Set maxmemory-policy noeviction in redis.conf, or run CONFIG SET maxmemory-policy noeviction"
    }
}
