/// A page as it moves through the stages: source, then front matter, then Markdown, then HTML.
struct Page: Sendable {
    let source: PageSource
    /// The page's absolute URL path, e.g. `/docs/guide/setup/`.
    let url: String
    /// The file's text (UTF-8, without a byte order mark, `\n` line ends) until its front matter is split off.
    var text = ""
    var frontMatter = FrontMatter()
    /// Lines before the Markdown body, added to Markdown line numbers for error messages.
    var bodyLineOffset = 0
    /// The Markdown body; released once rendered.
    var body = ""
    /// Ids links may point at: heading ids and ids written in raw HTML.
    var anchors: Set<String> = []
    /// Links that "Check links" reports or verifies, in the order they appear.
    var linkChecks: [LinkCheck] = []
    var title = ""
    /// The id of the opening heading left out of `contentHTML` because it repeats the title.
    var titleID: String?
    var contentHTML = ""
    var wordCount = 0
    var toc: [TocEntry] = []

    init(source: PageSource, rootURL: String) {
        self.source = source
        self.url = rootURL + SitePath.urlEncoded(source.routePath)
    }

    /// The order navigation lists pages in: weight (unweighted last), then title, then path.
    static func navigationOrder(_ lhs: Page, _ rhs: Page) -> Bool {
        let left = (lhs.frontMatter.weight ?? Int.max, lhs.title.lowercased(), lhs.source.path)
        let right = (rhs.frontMatter.weight ?? Int.max, rhs.title.lowercased(), rhs.source.path)
        return left < right
    }
}
