/// A page as it moves through the stages: source, then front matter, then Markdown, then HTML.
struct Page: Sendable {
    let source: PageSource
    /// The page's absolute URL path, e.g. `/docs/guide/setup/`.
    let url: String
    var frontMatter = FrontMatter()
    /// Lines before the Markdown body, added to Markdown line numbers for error messages.
    var bodyLineOffset = 0
    /// The Markdown body; released once parsed.
    var body = ""
    /// The parsed body from "Parse Markdown" until "Render Markdown".
    var document: MarkdownDocument?
    var headings: [Heading] = []
    var headingIDs: [String] = []
    /// Ids links may point at: heading ids and ids written in raw HTML.
    var anchors: Set<String> = []
    /// The rewritten destination of each link of `document`, nil where it stays as written.
    var resolvedLinks: [String?] = []
    var title = ""
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
