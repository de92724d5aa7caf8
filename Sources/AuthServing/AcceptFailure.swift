public import Foundation

/// What a worker does when accepting a connection fails: wait and try again, or give up so the service manager
/// restarts the process.
///
/// Running out of file descriptors or memory (`EMFILE`, `ENFILE`, `ENOMEM`, `ENOBUFS`) passes once connections
/// close, so a worker backs off (10 ms, doubling to 1 s) instead of ending for good, which would leave nginx with
/// fewer and fewer workers and finally none. A listening socket that is gone or was never one (`EBADF`,
/// `ENOTSOCK`, `EINVAL`) never recovers, and neither does a failure that lasts a minute: then the process exits
/// non-zero, and systemd (`Restart=on-failure`) starts it afresh.
public struct AcceptFailure: Sendable, Equatable {
    /// The decision for one failed accept.
    public enum Action: Sendable, Equatable {
        /// Sleep this long, then accept again.
        case retry(after: TimeInterval)
        /// Stop serving; the process should exit non-zero.
        case exit(String)
    }

    static let firstBackoff: TimeInterval = 0.01
    static let longestBackoff: TimeInterval = 1
    /// How long accepts may keep failing before the process gives up.
    static let patience: TimeInterval = 60

    private var failingSince: Date?
    private var backoff: TimeInterval = 0

    /// A policy with no failures yet.
    public init() {}

    /// Decides what to do after `accept` failed with `errno` at `now`.
    public mutating func failed(errno code: Int32, now: Date) -> Action {
        let reason = String(cString: strerror(code))
        switch code {
        case EBADF, ENOTSOCK, EINVAL, EOPNOTSUPP:
            return .exit("the listening socket cannot accept connections: \(reason)")
        default:
            let since = failingSince ?? now
            failingSince = since
            guard now.timeIntervalSince(since) < Self.patience else {
                return .exit("accepting connections has failed for \(Int(Self.patience)) s: \(reason)")
            }
            backoff = min(max(backoff * 2, Self.firstBackoff), Self.longestBackoff)
            return .retry(after: backoff)
        }
    }

    /// Records a successful accept: the next failure starts over with the shortest wait.
    public mutating func succeeded() {
        failingSince = nil
        backoff = 0
    }
}
