import Foundation

@testable import EntraAuth

/// Network workers that hold what is submitted until the test runs it, so a test sees what the check does before
/// and after a re-check, and that it never waits for one.
final class HeldWork: BackgroundWork, @unchecked Sendable {
    private let lock = NSLock()
    private var held: [@Sendable () -> Void] = []
    var accepts = true

    func submit(_ work: @escaping @Sendable () -> Void) -> Bool {
        lock.withLock {
            guard accepts else { return false }
            held.append(work)
            return true
        }
    }

    var count: Int { lock.withLock { held.count } }

    /// Runs everything held, in order.
    func run() {
        let work = lock.withLock {
            defer { held.removeAll() }
            return held
        }
        for item in work { item() }
    }
}
