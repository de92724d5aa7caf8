import Synchronization

/// What one `--listen-http` connection may hold, so that connections opened and left idle, or fed a request a byte at
/// a time, cannot use up the process's connections and stop every check: each request, its head and any body, must be
/// complete within `requestTimeout` of the connection opening or of the previous answer being written (which also
/// closes a kept-alive connection left idle that long), a body may hold at most `maxBodyBytes` (no endpoint reads
/// one; Caddy passes a client's on as it comes), and at most `maxConnections` are open at once, any more closed as
/// they are accepted.
public struct ConnectionLimits: Sendable {
    /// Seconds a request, head and body, may take to arrive in full.
    public var requestTimeout: Double
    /// Bytes of body a request may hold; a connection sending more is closed.
    public var maxBodyBytes: Int
    /// Connections open at once.
    public var maxConnections: Int

    /// 30 s: Caddy and Traefik re-dial a kept-alive connection the server closed; 64 KiB, far more than a sign-out
    /// form; 512 connections.
    public init(requestTimeout: Double = 30, maxBodyBytes: Int = 64 * 1024, maxConnections: Int = 512) {
        self.requestTimeout = requestTimeout
        self.maxBodyBytes = maxBodyBytes
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
