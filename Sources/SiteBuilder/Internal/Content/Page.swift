/// A page ready for navigation and templates: where it comes from, its front matter, its title and
/// what its Markdown rendered to.
struct Page: Sendable {
    let source: PageSource
    /// The page's absolute URL path, e.g. `/docs/guide/setup/`.
    let url: String
    let frontMatter: FrontMatter
    /// The SHA-256 of the Markdown file, as hex; nil for an implicit section page, which has none.
    let fileDigest: String?
    let title: String
    /// Headings, links and words of the Markdown, and the digest of its HTML.
    let markdown: MarkdownSummary
    /// The HTML of the Markdown when this build rendered it; nil when the build cache vouched for it,
    /// and then "Render pages" renders it again only if the page itself must be rendered.
    let html: String?

    /// The order navigation lists pages in: weight (unweighted last), then title, then path.
    static func navigationOrder(_ lhs: Page, _ rhs: Page) -> Bool {
        let left = (lhs.frontMatter.weight ?? Int.max, lhs.title.lowercased(), lhs.source.path)
        let right = (rhs.frontMatter.weight ?? Int.max, rhs.title.lowercased(), rhs.source.path)
        return left < right
    }
}
