/// A page ready for navigation and templates: where it comes from, its front matter, its title and
/// what its Markdown rendered to. Immutable, and a class so that the many stages and lists that hold a
/// page share it instead of copying its dozens of fields.
final class Page: Sendable {
    let source: PageSource
    /// The page's absolute URL path, e.g. `/docs/guide/setup/`.
    let url: String
    let frontMatter: FrontMatter
    /// The SHA-256 of the Markdown file, as hex; nil for an implicit section page, which has none.
    let fileDigest: String?
    let title: String
    /// The title in lower case, which navigation sorts by: made once with the page, which a `BuildSession` keeps
    /// from build to build while its file and links stand, rather than for every page in every build.
    let sortingTitle: String
    /// Headings, links and words of the Markdown, and the digest of its HTML.
    let markdown: MarkdownSummary
    /// The HTML of the Markdown when this build rendered it; nil when the build cache vouched for it,
    /// and then "Render pages" renders it again only if the page itself must be rendered.
    let html: String?
    /// `markdown.linksToHeadings`: made once with the page, so that the pass over every page that settles links to
    /// other pages' headings reads it rather than every link of every page.
    let linksToHeadings: Bool
    /// The language the page's front matter gives it (`language:`, not empty); nil when none. Looked up once with the
    /// page, which a session keeps, rather than in its parameters for every page in every build.
    let language: String?

    init(
        source: PageSource, url: String, frontMatter: FrontMatter, fileDigest: String?, title: String,
        markdown: MarkdownSummary, html: String?
    ) {
        self.source = source
        self.url = url
        self.frontMatter = frontMatter
        self.fileDigest = fileDigest
        self.title = title
        sortingTitle = title.lowercased()
        self.markdown = markdown
        self.html = html
        linksToHeadings = markdown.linksToHeadings
        if case .string(let tag) = frontMatter.params["language"], !tag.isEmpty {
            language = tag
        } else {
            language = nil
        }
    }

    /// What the nav, breadcrumbs and the pager call the page: its `nav_title`, else its title.
    var navigationTitle: String { frontMatter.navTitle ?? title }

    /// What navigation orders pages by: weight, else `position`, the folder's in its `_category_.json` or the page's in
    /// the outline, a book's `SUMMARY.md` or MkDocs's `nav` (`NavigationTree`), else the number the file or folder name
    /// starts with (`01-intro.md`; none of these: last), then title, then path.
    func navigationKey(position: Double?) -> (weight: Double, title: String, path: String) {
        let weight =
            frontMatter.weight ?? position
            ?? MarkdownFileName.leadingNumber(of: source.name).map { Double($0.number) } ?? .infinity
        return (weight, sortingTitle, source.path)
    }
}
