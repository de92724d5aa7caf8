import Synchronization

/// What one `--listen-http` connection may hold, so that connections opened and left idle, or fed a request head a
/// byte at a time, cannot use up the process's file descriptors and stop every check: each request head must be
/// complete within `headTimeout` of the connection opening or of the previous answer being written (which also
/// closes a kept-alive connection left idle that long), and at most `maxConnections` are open at once, any more
/// closed as they are accepted.
public struct ConnectionLimits: Sendable {
    /// Seconds a request head may take to arrive in full.
    public var headTimeout: Double
    /// Connections open at once.
    public var maxConnections: Int

    /// 30 s: Caddy and Traefik re-dial a kept-alive connection the server closed; 512 connections.
    public init(headTimeout: Double = 30, maxConnections: Int = 512) {
        self.headTimeout = headTimeout
        self.maxConnections = maxConnections
    }
}

/// The connections open now, against `ConnectionLimits.maxConnections`.
final class OpenConnections: Sendable {
    private let count = Atomic<Int>(0)
    private let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts a connection in; false, counting nothing, when `limit` are open.
    func admit() -> Bool {
        guard count.add(1, ordering: .relaxed).newValue <= limit else {
            count.subtract(1, ordering: .relaxed)
            return false
        }
        return true
    }

    /// Counts a closed connection out.
    func release() {
        count.subtract(1, ordering: .relaxed)
    }
}
