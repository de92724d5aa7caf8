import Foundation

/// A read that may hang — a session store on a slow disk or behind a slow network — run on a thread of its own and
/// waited for at most `timeout`. While one read is still running, the next call starts no other and gets nil, so a
/// store that hangs never piles up threads, one per scrape.
final class TimedRead<Value: Sendable>: @unchecked Sendable {
    private final class Outcome: @unchecked Sendable {
        var value: Value?
    }

    private let timeout: TimeInterval
    private let read: @Sendable () -> Value?
    private let lock = NSLock()
    private var running = false

    init(timeout: TimeInterval, read: @escaping @Sendable () -> Value?) {
        self.timeout = timeout
        self.read = read
    }

    /// The value read, or nil when the read failed, took longer than `timeout`, or an earlier one is still running.
    func value() -> Value? {
        let starts = lock.withLock {
            defer { running = true }
            return !running
        }
        guard starts else { return nil }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { [self] in
            outcome.value = read()
            lock.withLock { running = false }
            done.signal()
        }
        guard done.wait(timeout: .now() + timeout) == .success else { return nil }
        return outcome.value
    }
}
