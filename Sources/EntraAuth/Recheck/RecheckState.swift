import Foundation

/// What this process knows about its re-checks: which run now, which wait before the next try, and which sessions
/// the provider could not confirm (so that is logged once per session, and its recovery once). Lock-protected,
/// touched on the check path only for sessions due a re-check.
final class RecheckState: @unchecked Sendable {
    /// What the check should do about a session due a re-check.
    enum Decision: Equatable {
        /// Run a re-check; it is marked running.
        case start
        /// One runs, or the last try was too recent: no other is started.
        case wait
    }

    private static let capacity = 4096
    private let lock = NSLock()
    private var running: Set<String> = []
    private var retryAt: [String: Int] = [:]
    private var failing: Set<String> = []

    /// Decides for session `id` at `now`.
    func begin(_ id: String, now: Int) -> Decision {
        lock.withLock {
            if running.contains(id) { return .wait }
            if let next = retryAt[id], now < next { return .wait }
            if running.count >= Self.capacity { running.removeAll() }
            running.insert(id)
            retryAt[id] = nil
            return .start
        }
    }

    /// Returns once no re-check of `id` runs in this process, or after `seconds`.
    func waitWhileRunning(_ id: String, upTo seconds: TimeInterval) {
        let deadline = Date().addingTimeInterval(seconds)
        while lock.withLock({ running.contains(id) }), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// The re-check of `id` is over; with `retryAt`, the next waits until then.
    func finish(_ id: String, retryAt next: Int?) {
        lock.withLock {
            running.remove(id)
            guard let next else { return }
            if retryAt.count >= Self.capacity { retryAt.removeAll() }
            retryAt[id] = next
        }
    }

    /// Notes that the provider could not confirm `id`, whose re-check is running; true the first time since it last
    /// could (log it then). False, noting nothing, when the session ended while its re-check waited: it no longer
    /// goes on.
    func failed(_ id: String) -> Bool {
        lock.withLock {
            guard running.contains(id) else { return false }
            if failing.count >= Self.capacity { failing.removeAll() }
            return failing.insert(id).inserted
        }
    }

    /// The provider confirmed `id`, here or for another server; true when it had failed here before.
    func confirmed(_ id: String) -> Bool {
        lock.withLock { failing.remove(id) != nil }
    }

    /// Forgets `id`: its session ended. A re-check of it still waiting on the provider finds it gone (`failed`).
    func forget(_ id: String) {
        lock.withLock {
            failing.remove(id)
            running.remove(id)
            retryAt[id] = nil
        }
    }
}
