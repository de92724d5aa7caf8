/// What a build reports while it runs: each stage as it starts, progress inside it, and every problem
/// found, tagged with the stage that found it. Used on the build's own thread; parallel stages hand
/// their problems back to the stage, which reports them here.
final class BuildLog {
    /// The stages this run may start, in order, for `[3/16] Check build cache`.
    private let plan: [BuildStage]
    private let brokenLinksAreWarnings: Bool
    private let progress: (@Sendable (BuildProgress) -> Void)?
    private(set) var stage: BuildStage
    private(set) var errors: [BuildError] = []
    private(set) var warnings: [BuildError] = []

    init(plan: [BuildStage], brokenLinksAreWarnings: Bool, progress: (@Sendable (BuildProgress) -> Void)?) {
        self.plan = plan
        self.brokenLinksAreWarnings = brokenLinksAreWarnings
        self.progress = progress
        stage = plan[0]
    }

    var hasErrors: Bool { !errors.isEmpty }

    /// Marks `stage` as running and announces it.
    func start(_ stage: BuildStage) {
        self.stage = stage
        let index = (plan.firstIndex(of: stage) ?? 0) + 1
        progress?(.stageStarted(stage, index: index, count: plan.count))
    }

    /// Passes an event other than a stage's start or progress on to whoever follows the build.
    func announce(_ event: BuildProgress) {
        progress?(event)
    }

    /// Records problems under the current stage; broken links become warnings when asked to.
    func report(_ problems: [Problem]) {
        report(problems, foundBy: stage)
    }

    func report(_ problem: Problem) {
        report([problem])
    }

    /// Records problems under `stage`: the current one, or one whose work went on in the background while
    /// later stages ran.
    func report(_ problems: [Problem], foundBy stage: BuildStage) {
        for problem in problems {
            if problem.isWarning || problem.isBrokenLink && brokenLinksAreWarnings {
                warnings.append(error(problem, stage: stage))
            } else {
                errors.append(error(problem, stage: stage))
            }
        }
    }

    /// Records what stages run aside found (see `AsideStages`), under the stages they name.
    func add(errors: [BuildError], warnings: [BuildError]) {
        self.errors += errors
        self.warnings += warnings
    }

    /// Starts `step` on this log and runs it.
    func run<Step: BuildStep>(_ step: Step) -> Step.Output {
        start(step.stage)
        return step.run(self)
    }

    /// Records a problem that does not stop the build.
    func warn(_ problem: Problem) {
        warnings.append(error(problem, stage: stage))
    }

    /// A progress callback for `concurrentMap` that reports items of the current stage.
    func itemProgress(total: Int) -> (@Sendable (Int) -> Void)? {
        guard let report = itemProgress() else { return nil }
        return { done in report(done, total) }
    }

    /// A callback that reports items of the current stage, for work it leaves running in the background,
    /// which learns how many items it has only there.
    func itemProgress() -> (@Sendable (_ done: Int, _ total: Int) -> Void)? {
        guard let progress else { return nil }
        let stage = stage
        return { done, total in progress(.itemsDone(stage, done: done, total: total)) }
    }

    private func error(_ problem: Problem, stage: BuildStage) -> BuildError {
        BuildError(stage: stage, file: problem.file, line: problem.line, message: problem.message)
    }
}
