public import AccessRules

/// What a successful build produced.
public struct BuildReport: Sendable {
    /// Pages rendered to HTML (drafts only when included; implicit section pages count).
    public let pageCount: Int
    /// Files copied byte for byte from the site and theme folders.
    public let assetCount: Int
    /// Redirect stubs written for front matter `aliases`.
    public let aliasCount: Int
    /// How many pages each kind of access rule governs.
    public let access: AccessCounts
    /// Output files whose HTML came from the build cache instead of a template render.
    public let reusedPageCount: Int
    /// True when the output already matched and was left untouched.
    public let outputUnchanged: Bool
    /// The output files the build wrote or removed, e.g. `guide/setup/index.html`, sorted.
    public let changedFiles: [String]
    /// Wall-clock seconds the build took.
    public let seconds: Double
    /// Problems that did not stop the build.
    public let warnings: [BuildError]
    /// The output folder that now holds the site.
    public let outputFolder: String
    /// What the site's pages were built for the web server to run (`[server] includes` in `site.toml`).
    public let includes: ServerIncludes
    /// The access manifest the build published (`AccessManifest.relativePath` in the output folder); nil when
    /// the output was already up to date, and the manifest there is the last build's.
    public let manifest: AccessManifest?
    /// The files pages included (`{{#include}}`, `--8<--`) that are neither pages, assets nor settings files, as the
    /// build named them: a preview watches them beside the site folder.
    public let includedFiles: [String]
}
