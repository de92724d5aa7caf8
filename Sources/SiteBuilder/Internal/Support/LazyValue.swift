import Foundation

/// A value computed the first time it is asked for and kept. Threads asking at the same time may each
/// compute it (it must come out the same), which keeps a slow computation out of the lock.
final class LazyValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var computed: Value?

    func value(_ compute: () -> Value) -> Value {
        if let computed = lock.withLock({ computed }) { return computed }
        let value = compute()
        lock.withLock { computed = value }
        return value
    }
}
