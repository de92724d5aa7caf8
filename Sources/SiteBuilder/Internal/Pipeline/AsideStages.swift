/// Stages whose inputs are ready long before their output is needed, run in order on another core while
/// the stages between go on on the build's own thread: the theme needs only the pages' URLs, and is loaded
/// while the Markdown is rendered; the access rules need the pages' links too, and are worked out while
/// links are checked and navigation built. Each runs
/// on a log of its own; `join` announces them in their place in the plan and reports what they found under
/// their names, so the build reads and reports as if they had run there.
struct AsideStages<Value: Sendable> {
    let stages: [BuildStage]
    private let work: Background<(value: Value, errors: [BuildError], warnings: [BuildError])>

    /// Starts `work`, which runs `stages` in order through `BuildLog.run`; `yielding` when the build needs it well after
    /// the stages between, which it then leaves the cores to (`Background.later`).
    init(
        _ stages: [BuildStage], brokenLinksAreWarnings: Bool, yielding: Bool = false,
        work: @escaping @Sendable (BuildLog) -> Value
    ) {
        self.stages = stages
        self.work = Background.start(yielding: yielding) {
            let log = BuildLog(plan: stages, brokenLinksAreWarnings: brokenLinksAreWarnings, progress: nil)
            let value = work(log)
            return (value, log.errors, log.warnings)
        }
    }

    /// Waits for the stages and gives what they made, reporting nothing: for stages aside that need it.
    var value: Value {
        work.value.value
    }

    /// Waits for the stages (the wait shows as the first one's time) and reports them on `log`, in order.
    func join(on log: BuildLog) -> Value {
        log.start(stages[0])
        let (value, errors, warnings) = work.value
        for stage in stages {
            if stage != stages[0] { log.start(stage) }
            log.add(errors: errors.filter { $0.stage == stage }, warnings: warnings.filter { $0.stage == stage })
        }
        return value
    }
}
