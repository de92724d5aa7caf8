import AccessRules
import Foundation

/// Builds a static site from a folder of Markdown and a folder of Mustache templates.
///
/// ```swift
/// let report = try SiteBuilder.build(options: BuildOptions(siteFolder: "site", outputFolder: "public"))
/// print("Built \(report.pageCount) pages")
/// ```
public enum SiteBuilder {
    /// The version printed by `sitegen --version` and passed to templates as `site.generator`.
    public static let version = "0.1.0"

    /// Runs every stage and publishes the site, writing only what changed since the last build; on
    /// failure throws every error found, and the previous output is left exactly as it was.
    public static func build(
        options: BuildOptions,
        progress: (@Sendable (BuildProgress) -> Void)? = nil
    ) throws(BuildFailure) -> BuildReport {
        try build(options: options, memory: nil, progress: progress)
    }

    /// `build(options:progress:)`, with what a `BuildSession` kept of its last build.
    static func build(
        options: BuildOptions, memory: SessionMemory?, progress: (@Sendable (BuildProgress) -> Void)?
    ) throws(BuildFailure) -> BuildReport {
        let start = Date()
        // Publishing replaces the output folder: refuse a dangerous one before reading anything.
        if let problem = OutputSafety.problem(
            output: options.outputFolder, site: options.siteFolder, templates: options.themeFolder)
        {
            let error = BuildError(
                stage: .loadContent, file: problem.file, line: problem.line, message: problem.message)
            throw BuildFailure(errors: [error], warnings: [])
        }
        // A session's last build may still be saving: this build starts from its cache, and reports its warning (never
        // recorded, so that no later build repeats it).
        let unsaved = memory?.saved().map { [$0] } ?? []
        let lock = OutputLock(outputFolder: options.outputFolder) { progress?(.waitingForAnotherBuild) }
        defer { withExtendedLifetime(lock) {} }
        let pipeline = Pipeline(options: options, plan: BuildStage.allCases, memory: memory, progress: progress)
        switch pipeline.build() {
        case .failed:
            throw BuildFailure(errors: pipeline.log.errors, warnings: unsaved + pipeline.log.warnings)
        case .upToDate(let last, let includes):
            return BuildReport(
                pageCount: last.pageCount,
                assetCount: last.assetCount,
                aliasCount: last.aliasCount,
                access: last.access,
                reusedPageCount: last.pageCount,
                outputUnchanged: true,
                changedFiles: [],
                seconds: Date().timeIntervalSince(start),
                warnings: unsaved + last.warnings,
                outputFolder: options.outputFolder,
                includes: includes,
                manifest: nil,
                includedFiles: last.included
            )
        case .published(let site):
            // A reader sees the site now; a session saves it in the build cache while its caller goes on.
            if let memory {
                memory.save(site.cacheSave, holding: lock)
            } else if let problem = site.cacheSave.run() {
                pipeline.log.report([problem], foundBy: .publish)
            }
            return BuildReport(
                pageCount: site.pageCount,
                assetCount: site.assetCount,
                aliasCount: site.aliasCount,
                access: site.access,
                reusedPageCount: site.reusedPageCount,
                outputUnchanged: site.outputUnchanged,
                changedFiles: site.changedFiles,
                seconds: Date().timeIntervalSince(start),
                warnings: unsaved + pipeline.log.warnings,
                outputFolder: options.outputFolder,
                includes: site.includes,
                manifest: site.manifest,
                includedFiles: site.includedFiles
            )
        }
    }

    /// Works out the access rule of every path a build would publish, writing nothing: only the stages access
    /// depends on run (the Markdown's, for the links that give files their rules). Throws the errors a build
    /// would report there.
    public static func accessListing(options: BuildOptions) throws(BuildFailure) -> AccessListing {
        let pipeline = Pipeline(options: options, plan: Pipeline.accessPlan, progress: nil)
        guard let access = pipeline.accessRules() else {
            throw BuildFailure(errors: pipeline.log.errors, warnings: pipeline.log.warnings)
        }
        let entries = access.entries.map {
            AccessListing.Entry(path: $0.path, rule: $0.origin.rule.summary, source: $0.origin.source)
        }
        return AccessListing(entries: entries, counts: access.counts)
    }
}
