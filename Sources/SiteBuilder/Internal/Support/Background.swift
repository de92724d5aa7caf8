import Dispatch

/// A value computed on another thread while the build goes on, for a later stage to wait for: the
/// output folder is listed this way while the site is read, which needs no second core for long.
///
/// Each runs on a queue of its own rather than on the global queue, whose threads are as many as the cores and are
/// shared with `concurrentMap`: there, a value started while the others held both threads waited for one of them to
/// finish, and the stage that needed it waited too (the access rules, after the Markdown of a one-page rebuild, about
/// 10 ms). A queue of its own gets a thread at once, and the system shares the cores between them.
final class Background<Value: Sendable>: @unchecked Sendable {
    private let group = DispatchGroup()
    private var result: Value?

    init(_ compute: @escaping @Sendable () -> Value) {
        DispatchQueue(label: "sitegen.background").async(group: group) { self.result = compute() }
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
