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
        let build = BuildState(options: options, progress: progress)
        Pipeline.run(build)
        guard build.errors.isEmpty else {
            throw BuildFailure(errors: build.errors, warnings: build.warnings)
        }
        return BuildReport(
            pageCount: build.pages.count,
            assetCount: build.assets.count,
            aliasCount: build.aliasCount,
            reusedPageCount: build.reusedPageCount,
            outputUnchanged: build.outputUnchanged,
            seconds: Date().timeIntervalSince(start),
            warnings: build.warnings,
            outputFolder: options.outputFolder
        )
    }
}
