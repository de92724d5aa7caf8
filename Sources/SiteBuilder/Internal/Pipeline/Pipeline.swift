import Foundation

/// The build, stage by stage. Reading this list is reading the whole build.
enum Pipeline {
    static let steps: [any BuildStep] = [
        LoadConfig(),
        LoadContent(),
        ParseFrontMatter(),
        MapURLs(),
        ParseMarkdown(),
        ResolveLinks(),
        RenderMarkdown(),
        BuildNavigation(),
        LoadTemplates(),
        RenderPages(),
        CopyAssets(),
        WriteExtras(),
        Publish(),
    ]

    /// Runs every step; writing steps are skipped once there are errors, and the staging folder is removed.
    static func run(_ build: BuildState) {
        for (position, step) in steps.enumerated() {
            if step.writesOutput && !build.errors.isEmpty { break }
            build.stage = step.stage
            build.announce(.stageStarted(step.stage, index: position + 1, count: steps.count))
            step.run(build)
        }
        if !build.errors.isEmpty {
            build.writer?.discardStaging()
        }
    }
}
