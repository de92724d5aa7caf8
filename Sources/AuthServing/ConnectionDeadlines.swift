import Foundation

/// The time each acceptor may spend on one connection, from the moment it takes it until it is free for the next:
/// a web server sends its request at once and reads the answer at once, so only a connection that sends no whole
/// request (nothing at all, half a `FCGI_PARAMS`, a byte every second) or never lets go of the answer runs out of
/// it. A blocking read has no deadline of its own, and every acceptor such a connection holds is one
/// fewer for every reader's check; anyone who can open the socket could otherwise hold them all.
///
/// A watch thread shuts down the connections whose time has passed, so that the acceptor's read ends and it drops
/// the request. It holds a duplicate of each descriptor, closed only once the acceptor is done with the connection, so
/// the number is never another connection's by then.
final class ConnectionDeadlines: @unchecked Sendable {
    private let patience: Duration
    private let lock = NSLock()
    /// By acceptor: the duplicate descriptor of the connection it holds and when its time is up.
    private var held: [Int: (descriptor: Int32, deadline: ContinuousClock.Instant)] = [:]
    private var watching = true

    /// Deadlines of `patience` each, watched from now on.
    init(patience: Duration) {
        self.patience = patience
        let thread = Thread { [self] in watch() }
        thread.name = "fastcgi-deadlines"
        thread.stackSize = 1 << 18
        thread.start()
    }

    /// Starts the time of the connection `descriptor`, which acceptor `acceptor` now holds.
    func hold(_ descriptor: Int32, acceptor: Int) {
        let duplicate = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        guard duplicate >= 0 else { return }
        let earlier = lock.withLock {
            defer { held[acceptor] = (duplicate, .now + patience) }
            return held[acceptor]?.descriptor
        }
        if let earlier { close(earlier) }
    }

    /// Acceptor `acceptor` is done with its connection.
    func release(acceptor: Int) {
        guard let descriptor = lock.withLock({ held.removeValue(forKey: acceptor)?.descriptor }) else { return }
        close(descriptor)
    }

    /// Ends the watch; the thread leaves within a tick.
    func stop() {
        lock.withLock { watching = false }
    }

    private func watch() {
        let tick = min(patience / 4, .milliseconds(250))
        while lock.withLock({ watching }) {
            Thread.sleep(forTimeInterval: Double(tick.components.attoseconds) / 1e18 + Double(tick.components.seconds))
            let now = ContinuousClock.now
            lock.withLock {
                for (_, connection) in held where connection.deadline <= now {
                    shutdown(connection.descriptor, Int32(SHUT_RDWR))
                }
            }
        }
    }
}
