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

    /// Runs every stage and publishes the site atomically; on failure throws every error found,
    /// and the previous output is left exactly as it was.
    public static func build(
        options: BuildOptions,
        progress: (@Sendable (BuildProgress) -> Void)? = nil
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
        let build = BuildState(options: options, progress: progress)
        Pipeline.run(build)
        guard build.errors.isEmpty else {
            throw BuildFailure(errors: build.errors, warnings: build.warnings)
        }
        if let last = build.upToDate {
            return BuildReport(
                pageCount: last.pageCount,
                assetCount: last.assetCount,
                aliasCount: last.aliasCount,
                access: last.access,
                reusedPageCount: last.pageCount,
                outputUnchanged: true,
                seconds: Date().timeIntervalSince(start),
                warnings: last.warnings,
                outputFolder: options.outputFolder
            )
        }
        return BuildReport(
            pageCount: build.pages.count,
            assetCount: build.assets.count,
            aliasCount: build.aliasCount,
            access: build.access?.counts ?? AccessCounts(),
            reusedPageCount: build.reusedPageCount,
            outputUnchanged: build.outputUnchanged,
            seconds: Date().timeIntervalSince(start),
            warnings: build.warnings,
            outputFolder: options.outputFolder
        )
    }

    /// Works out the access rule of every path a build would publish, without rendering or writing
    /// anything: only the stages access depends on run. Throws the errors a build would report there.
    public static func accessListing(options: BuildOptions) throws(BuildFailure) -> AccessListing {
        let build = BuildState(options: options, progress: nil)
        Pipeline.run(build, only: Pipeline.accessStages)
        guard build.errors.isEmpty, let access = build.access else {
            throw BuildFailure(errors: build.errors, warnings: build.warnings)
        }
        let entries = access.entries.map {
            AccessListing.Entry(path: $0.path, rule: $0.origin.rule.summary, source: $0.origin.source)
        }
        return AccessListing(entries: entries, counts: access.counts)
    }
}
