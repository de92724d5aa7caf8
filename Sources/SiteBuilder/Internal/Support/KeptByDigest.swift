import Foundation

/// Text a `BuildSession` keeps for its next builds by a SHA-256 digest, at most a given number of entries: keeping
/// one more starts afresh. `RenderedCards` and `RenderedHTML` keep what they rendered in one.
final class KeptByDigest: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [SHA256.Digest: String] = [:]

    /// The text kept under `digest`, if any.
    func text(for digest: SHA256.Digest) -> String? {
        lock.withLock { kept[digest] }
    }

    /// Keeps `text` under `digest`; when `limit` entries are kept already, forgets them first.
    func keep(_ text: String, for digest: SHA256.Digest, limit: Int) {
        lock.withLock {
            if kept.count >= limit { kept = [:] }
            kept[digest] = text
        }
    }

    /// Forgets everything kept.
    func forget() {
        lock.withLock { kept = [:] }
    }
}
