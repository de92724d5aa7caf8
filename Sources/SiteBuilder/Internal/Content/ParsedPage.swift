/// A page with its front matter read, as "Map URLs" and "Render Markdown" work from it.
///
/// Its body is there only when this build read the file: a page the build cache vouched for is
/// parsed from the cache and its file is not read at all.
struct ParsedPage: Sendable {
    let source: PageSource
    /// The page's absolute URL path, e.g. `/docs/guide/setup/`.
    let url: String
    var frontMatter = FrontMatter()
    /// The Markdown after the front matter, when this build read the file.
    var body: PageBody?
    /// What the build saw of the Markdown file; nil for implicit section pages, which have none.
    var file: InputRecord?

    init(source: PageSource, rootURL: String) {
        self.source = source
        self.url = rootURL + SitePath.urlEncoded(source.routePath)
    }
}

/// A page's Markdown after its front matter.
struct PageBody: Sendable {
    let text: String
    /// Lines before the body in the file, added to Markdown line numbers for error messages.
    let lineOffset: Int
}
