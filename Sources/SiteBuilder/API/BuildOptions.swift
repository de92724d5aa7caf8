/// What to build and where: the folders and switches of one `sitegen build`.
public struct BuildOptions: Sendable {
    /// The folder of Markdown pages and assets, e.g. `site`.
    public var siteFolder: String
    /// The folder whose templates, partials and assets override the built-in theme's, file by file;
    /// nil for `templates` beside the site folder. A folder named here must exist; the default need not.
    public var templatesFolder: String?
    /// The folder the finished site is published to, e.g. `public`.
    public var outputFolder: String
    /// Build pages marked `draft: true` too.
    public var includeDrafts: Bool
    /// Report broken links and anchors as warnings instead of failing the build.
    public var brokenLinksAreWarnings: Bool
    /// Build the search index, unless `site.toml` says `search = false`.
    public var buildsSearchIndex: Bool
    /// The process ends when the build does, as `sitegen build` does: what the build made is then left for
    /// the operating system to reclaim at exit rather than freed object by object, which on a large site
    /// is a noticeable part of a small rebuild. Leave it off in a process that goes on (`sitegen serve`).
    public var exitsAfterBuild = false
    /// When a build makes a path's access rule stricter, how long it leaves the stricter of the old and new
    /// rules in force before it changes any page, so that `sitegen-auth`, which reads the access manifest
    /// about once a second, applies them first, and the answers nginx keeps for 5 s were all given under them.
    /// `sitegen build` waits 7 s; zero (a preview, with no auth handler) publishes the rules after the pages
    /// without waiting.
    public var stricterRulesPause: Duration = .zero
    /// The most pages a shard of the search index holds on average (`SearchParts.pagesPerShard`); tests set
    /// it low to see a small site's parts split.
    var searchPagesPerShard = SearchParts.pagesPerShard

    /// Options with the command-line defaults: `site/`, the theme overrides in `templates/` beside it,
    /// `public/`, no drafts, strict links, search.
    public init(
        siteFolder: String = "site",
        templatesFolder: String? = nil,
        outputFolder: String = "public",
        includeDrafts: Bool = false,
        brokenLinksAreWarnings: Bool = false,
        buildsSearchIndex: Bool = true
    ) {
        self.siteFolder = siteFolder
        self.templatesFolder = templatesFolder
        self.outputFolder = outputFolder
        self.includeDrafts = includeDrafts
        self.brokenLinksAreWarnings = brokenLinksAreWarnings
        self.buildsSearchIndex = buildsSearchIndex
    }
}
