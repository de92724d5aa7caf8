import Foundation

/// Requests between being read and their answer being written, so stopping can let them finish.
final class InFlightRequests: @unchecked Sendable {
    private let lock = NSLock()
    private var active = 0
    private var stopping = false

    /// Counts a request in; false once stopping, when the request is not answered.
    func begin() -> Bool {
        lock.withLock {
            guard !stopping else { return false }
            active += 1
            return true
        }
    }

    /// Counts a request out.
    func end() {
        lock.withLock { active -= 1 }
    }

    /// Refuses new requests and waits up to `patience` seconds for those in flight.
    func drain(patience: TimeInterval) {
        lock.withLock { stopping = true }
        let deadline = Date().addingTimeInterval(patience)
        while lock.withLock({ active > 0 }), Date() < deadline { usleep(10_000) }
    }
}
