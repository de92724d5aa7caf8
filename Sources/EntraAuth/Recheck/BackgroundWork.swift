/// Where work that waits on the network runs, away from the threads that answer auth checks: in the server, the
/// network workers (`NetworkWorkers` in AuthServing), which the sign-in callbacks use too; in a one-shot CGI process,
/// a process of its own after the answer (`AfterAnswerWork`).
public protocol BackgroundWork: Sendable {
    /// Queues `work`; false, without queueing it, when no more can wait.
    func submit(_ work: @escaping @Sendable () -> Void) -> Bool
}

/// Runs work at once on the calling thread, before the caller answers: where nothing runs work in the background, as
/// in tests, which then see a re-check's outcome at once. One-shot CGI keeps its work for after the answer
/// (`AfterAnswerWork` in AuthServing).
public struct InlineWork: BackgroundWork {
    /// Work run where it is submitted.
    public init() {}

    /// Runs `work` now; always true.
    public func submit(_ work: @escaping @Sendable () -> Void) -> Bool {
        work()
        return true
    }
}
