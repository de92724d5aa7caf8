/// One stage of the build. A step reads and updates the `BuildState` and reports problems on it
/// rather than stopping at the first, so one run lists every error.
protocol BuildStep: Sendable {
    var stage: BuildStage { get }
    /// Steps that write output run only while the build has no errors: nothing is published then.
    var writesOutput: Bool { get }
    func run(_ build: BuildState)
}

extension BuildStep {
    var writesOutput: Bool { false }
}
