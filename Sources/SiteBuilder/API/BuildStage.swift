/// One named stage of a build, in the order the stages run.
public enum BuildStage: Int, CaseIterable, Sendable, Comparable {
    case loadConfig
    case loadContent
    case checkCache
    case parseFrontMatter
    case mapURLs
    case renderMarkdown
    case checkLinks
    case buildNavigation
    case loadTemplates
    case resolveAccess
    case prepareOutput
    case buildSearchIndex
    case renderPages
    case copyAssets
    case writeExtras
    case publish

    /// The name shown by `--verbose`, e.g. "Render Markdown".
    public var name: String {
        switch self {
        case .loadConfig: "Load config"
        case .loadContent: "Load content"
        case .checkCache: "Check build cache"
        case .parseFrontMatter: "Parse front matter"
        case .mapURLs: "Map URLs"
        case .renderMarkdown: "Render Markdown"
        case .checkLinks: "Check links"
        case .buildNavigation: "Build navigation"
        case .loadTemplates: "Load templates"
        case .resolveAccess: "Resolve access rules"
        case .prepareOutput: "Prepare the output folder"
        case .buildSearchIndex: "Build search index"
        case .renderPages: "Render pages"
        case .copyAssets: "Copy assets"
        case .writeExtras: "Write aliases, special pages, sitemap and access manifest"
        case .publish: "Publish"
        }
    }

    /// The short topic that prefixes this stage's error messages, e.g. "front matter".
    public var topic: String {
        switch self {
        case .loadConfig: "config"
        case .loadContent: "content"
        case .checkCache: "cache"
        case .parseFrontMatter: "front matter"
        case .mapURLs: "url"
        case .renderMarkdown: "markdown"
        case .checkLinks: "link"
        case .buildNavigation: "navigation"
        case .loadTemplates: "template"
        case .resolveAccess: "access"
        case .prepareOutput: "output"
        case .buildSearchIndex: "search"
        case .renderPages: "render"
        case .copyAssets: "asset"
        case .writeExtras: "output"
        case .publish: "publish"
        }
    }

    public static func < (lhs: BuildStage, rhs: BuildStage) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
