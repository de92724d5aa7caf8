import Foundation
import Synchronization

/// A value computed the first time it is asked for, and kept. A thread that asks while another is
/// computing it waits for that result rather than computing it again: pages next to each other,
/// rendered at the same time, ask for the same section's navigation.
///
/// Its lock is a `Mutex` held in the object itself: a build makes one for each page, twice, and an `NSLock` was one
/// more object to make, set up and free for each.
final class LazyValue<Value: Sendable>: Sendable {
    private let computed = Mutex<Value?>(nil)

    /// The value, computed by `compute` if it is not yet; `compute` may ask other lazy values, not this one.
    func value(_ compute: () -> Value) -> Value {
        computed.withLock { computed in
            if let computed { return computed }
            let value = compute()
            computed = value
            return value
        }
    }
}

/// Lazy values by key, each computed the first time its key is asked for; asking for one key never waits
/// for another's computation, so computing one value may ask for another key's.
final class LazyTable<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Key: LazyValue<Value>] = [:]

    /// The value of `key`, computed by `compute` if it is not yet.
    func value(for key: Key, _ compute: () -> Value) -> Value {
        let lazy = lock.withLock {
            if let existing = values[key] { return existing }
            let created = LazyValue<Value>()
            values[key] = created
            return created
        }
        return lazy.value(compute)
    }
}
