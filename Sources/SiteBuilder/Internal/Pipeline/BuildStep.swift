/// One stage of the build. A step is given everything it reads as its properties and returns what it
/// made, so the order of the stages is the order their values are needed in, and nothing else.
/// It reports problems on the log rather than stopping at the first, so one run lists every error.
protocol BuildStep {
    associatedtype Output
    var stage: BuildStage { get }
    func run(_ log: BuildLog) -> Output
}
