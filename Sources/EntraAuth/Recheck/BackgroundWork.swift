/// Where work that waits on the network runs, away from the threads that answer auth checks: in the server, the
/// network workers (`NetworkWorkers` in AuthServing), which the sign-in callbacks use too.
public protocol BackgroundWork: Sendable {
    /// Queues `work`; false, without queueing it, when no more can wait.
    func submit(_ work: @escaping @Sendable () -> Void) -> Bool
}

/// Runs work at once on the calling thread: for one-shot CGI, whose process ends with its one answer, so work
/// queued for later would never run.
public struct InlineWork: BackgroundWork {
    /// Work run where it is submitted.
    public init() {}

    /// Runs `work` now; always true.
    public func submit(_ work: @escaping @Sendable () -> Void) -> Bool {
        work()
        return true
    }
}
