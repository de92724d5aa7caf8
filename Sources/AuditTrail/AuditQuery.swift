public import Foundation

/// Which requests an audit question is about: a path prefix, a reader, a time window. Empty means any.
public struct AuditQuery: Sendable {
    /// Paths starting with this, compared with the path as logged and with its percent-escapes decoded.
    public var pathPrefix: String?
    /// The reader's Entra object id (any letter case).
    public var user: String?
    /// Requests at or after this moment.
    public var since: Date?
    /// Requests before this moment.
    public var until: Date?

    /// A query; every part is optional.
    public init(pathPrefix: String? = nil, user: String? = nil, since: Date? = nil, until: Date? = nil) {
        self.pathPrefix = pathPrefix
        self.user = user
        self.since = since
        self.until = until
    }

    /// Whether `entry` answers the question.
    public func matches(_ entry: AuditEntry) -> Bool {
        if let since, entry.time < since { return false }
        if let until, entry.time >= until { return false }
        if let user, entry.oid.lowercased() != user.lowercased() { return false }
        if let pathPrefix, !entry.path.hasPrefix(pathPrefix),
            entry.path.removingPercentEncoding?.hasPrefix(pathPrefix) != true
        {
            return false
        }
        return true
    }
}
