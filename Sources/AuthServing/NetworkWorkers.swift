public import EntraAuth
import Foundation

/// Threads of their own for the requests that wait on the identity provider, so those never hold up the threads
/// that answer nginx's auth checks.
///
/// The check runs for every file a reader fetches and answers in microseconds; a sign-in callback redeems its code
/// at the token endpoint and can wait seconds when the provider is slow. Sharing threads, a dozen slow callbacks
/// would stall every reader's pages. The queue is bounded: when it is full, `submit` refuses at once and the caller
/// answers "busy" rather than let waiting requests pile up. Re-checks of sessions with the provider run here too
/// (`BackgroundWork`): a full queue skips a re-check until the session's next use.
///
/// ```swift
/// let workers = NetworkWorkers(threads: 16, queueLimit: 64)
/// if !workers.submit({ answer(route.endpoint.respond(to: request)) }) { answer(busyPage) }
/// ```
public final class NetworkWorkers: BackgroundWork, @unchecked Sendable {
    private let condition = NSCondition()
    private var queue: [@Sendable () -> Void] = []
    private var running = 0
    private let queueLimit: Int

    /// Starts `threads` threads that run submitted work; at most `queueLimit` items wait for a thread.
    public init(threads: Int, queueLimit: Int) {
        self.queueLimit = queueLimit
        for number in 0..<threads {
            let thread = Thread { [self] in self.work() }
            thread.name = "network-\(number)"
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Queues `work`; false, without queueing, when the queue is full.
    public func submit(_ work: @escaping @Sendable () -> Void) -> Bool {
        condition.withLock {
            guard queue.count < queueLimit else { return false }
            queue.append(work)
            condition.signal()
            return true
        }
    }

    /// Work queued or running now.
    public var pending: Int { condition.withLock { queue.count + running } }

    private func work() {
        while true {
            condition.lock()
            while queue.isEmpty { condition.wait() }
            let next = queue.removeFirst()
            running += 1
            condition.unlock()
            next()
            condition.withLock { running -= 1 }
        }
    }
}
