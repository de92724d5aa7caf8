import Dispatch
import Foundation

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

    private init(laterOnThread compute: @escaping @Sendable () -> Value) {
        group.enter()
        let thread = Thread {
            // On Linux the nice value is each thread's own: this one yields to the build's threads, and gets the cores
            // when they leave one idle. The thread ends with the work, so no pooled thread is left yielding (and an
            // unprivileged process could not undo it).
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Self.laterNice)
            self.result = compute()
            self.group.leave()
        }
        thread.start()
    }

    /// A value the build does not wait for until its end, or the next build does: worked out on a thread of its own
    /// that yields the cores to the build's (a nice value of `laterNice`), so that it takes their idle time rather
    /// than slow the stages the build is waiting on.
    static func later(_ compute: @escaping @Sendable () -> Value) -> Background {
        Background(laterOnThread: compute)
    }

    /// `compute`'s value, worked out as `later` does when `yielding`, else as `init(_:)` does: for work that yields
    /// the cores only in some builds.
    static func start(yielding: Bool, _ compute: @escaping @Sendable () -> Value) -> Background {
        yielding ? later(compute) : Background(compute)
    }

    /// The nice value of the threads of `later`.
    static var laterNice: Int32 { 10 }

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
