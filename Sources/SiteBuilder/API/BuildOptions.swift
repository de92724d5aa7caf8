/// What to build and where: the folders and switches of one `sitegen build`.
public struct BuildOptions: Sendable {
    /// The folder of Markdown pages and assets, e.g. `site`.
    public var siteFolder: String
    /// The folder of Mustache templates, partials and theme assets, e.g. `templates`.
    public var templatesFolder: String
    /// The folder the finished site is published to, e.g. `public`.
    public var outputFolder: String
    /// Build pages marked `draft: true` too.
    public var includeDrafts: Bool
    /// Report broken links and anchors as warnings instead of failing the build.
    public var brokenLinksAreWarnings: Bool

    /// The folders a build reads files from: the site folder and the templates folder. A preview server
    /// watches these and rebuilds when anything below them changes.
    public var sourceFolders: [String] {
        [siteFolder, templatesFolder]
    }

    /// Options with the command-line defaults: `site/`, `templates/`, `public/`, no drafts, strict links.
    public init(
        siteFolder: String = "site",
        templatesFolder: String = "templates",
        outputFolder: String = "public",
        includeDrafts: Bool = false,
        brokenLinksAreWarnings: Bool = false
    ) {
        self.siteFolder = siteFolder
        self.templatesFolder = templatesFolder
        self.outputFolder = outputFolder
        self.includeDrafts = includeDrafts
        self.brokenLinksAreWarnings = brokenLinksAreWarnings
    }
}
