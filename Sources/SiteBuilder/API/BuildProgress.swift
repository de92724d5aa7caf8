/// Progress events of a build, for a front end to show.
public enum BuildProgress: Sendable {
    /// `stage` started; it is number `index` (1-based) of `count` stages.
    case stageStarted(BuildStage, index: Int, count: Int)
    /// `done` of `total` items of `stage` are finished; sent from worker threads, at most every few items.
    case itemsDone(BuildStage, done: Int, total: Int)
    /// A path's access rule got stricter: the stricter rules are published first, and the pages follow
    /// after `pause`, once the auth handler has read them (`BuildOptions.stricterRulesPause`).
    case stricterRulesFirst(pause: Duration)
    /// Another build of the same output folder is running: this one waits for it to end before it begins.
    case waitingForAnotherBuild
}
