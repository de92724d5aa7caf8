import Foundation

/// The build, stage by stage. Reading this list is reading the whole build.
enum Pipeline {
    static let steps: [any BuildStep] = [
        LoadConfig(),
        LoadContent(),
        CheckCache(),
        ParseFrontMatter(),
        MapURLs(),
        RenderMarkdown(),
        CheckLinks(),
        BuildNavigation(),
        LoadTemplates(),
        ResolveAccess(),
        BuildSearchIndex(),
        RenderPages(),
        CopyAssets(),
        WriteExtras(),
        Publish(),
    ]

    /// What `sitegen access` runs: the stages access rules depend on, without Markdown and output.
    static let accessStages: Set<BuildStage> = [
        .loadConfig, .loadContent, .parseFrontMatter, .mapURLs, .loadTemplates, .resolveAccess,
    ]

    /// Runs every step (or only those of `stages`) until the site is found up to date; writing steps
    /// are skipped once there are errors, and the staging folder is removed.
    static func run(_ build: BuildState, only stages: Set<BuildStage>? = nil) {
        let steps = stages.map { stages in Self.steps.filter { stages.contains($0.stage) } } ?? Self.steps
        for (position, step) in steps.enumerated() {
            if build.upToDate != nil || (step.writesOutput && !build.errors.isEmpty) { break }
            build.stage = step.stage
            build.announce(.stageStarted(step.stage, index: position + 1, count: steps.count))
            step.run(build)
        }
        if !build.errors.isEmpty {
            build.writer?.discardStaging()
        }
    }
}
