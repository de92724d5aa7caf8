import Foundation

/// Highlighted code blocks by a digest of their definition and text, kept in memory for the life of
/// the process: a snippet repeated across pages (an install command, a config excerpt) is highlighted
/// once per build, and a process that builds again (a preview server) highlights only blocks it has
/// not seen. Not on disk: a command-line rebuild would read every block back for the few it saves,
/// and the page cache already skips unchanged pages' templates.
final class HighlightCache: @unchecked Sendable {
    static let shared = HighlightCache(limit: 64 << 20)

    private let lock = NSLock()
    private var entries: [SHA256.Digest: String?] = [:]
    private var size = 0
    private let limit: Int

    /// A cache holding about `limit` bytes of code and HTML; past that it starts afresh.
    init(limit: Int) {
        self.limit = limit
    }

    /// The cached result for `code` in `definition`, or what `highlight` makes of it, then kept.
    func html(for code: String, definition: String, highlight: () -> String?) -> String? {
        var key = Array(definition.utf8)
        key.append(0)
        key.append(contentsOf: code.utf8)
        let digest = SHA256.digest(key)
        if let cached = lock.withLock({ entries[digest] }) { return cached }
        let html = highlight()
        lock.withLock {
            size += code.utf8.count + (html?.utf8.count ?? 0)
            if size > limit {
                entries.removeAll()
                size = code.utf8.count + (html?.utf8.count ?? 0)
            }
            entries[digest] = html
        }
        return html
    }

}
