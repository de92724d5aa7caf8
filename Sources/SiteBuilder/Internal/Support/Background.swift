import Dispatch

/// A value computed on another thread while the build goes on, for a later stage to wait for: the
/// output folder is listed this way while the site is read, which needs no second core for long.
final class Background<Value: Sendable>: @unchecked Sendable {
    private let group = DispatchGroup()
    private var result: Value?

    init(_ compute: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async(group: group) { self.result = compute() }
    }

    /// A value that is there already, for a caller that computes nothing in the background this time.
    init(ready value: Value) {
        result = value
    }

    /// The value, once computed.
    var value: Value {
        group.wait()
        return result!
    }
}
