import AccessRules

/// A page with its front matter read, as "Map URLs" and "Render Markdown" work from it.
///
/// Its body is there only when this build read the file: a page the build cache vouched for is
/// parsed from the cache and its file is not read at all. Immutable, and a class so that the stages
/// and lists that hold a page share it instead of copying it.
final class ParsedPage: Sendable {
    let source: PageSource
    /// The page's absolute URL path, e.g. `/docs/guide/setup/`.
    let url: String
    let frontMatter: FrontMatter
    /// The Markdown after the front matter, when this build read the file.
    let body: PageBody?
    /// What the build saw of the Markdown file; nil for implicit section pages, which have none.
    let file: InputRecord?
    /// The build cache's entry of the file when it was made from these very bytes: the front matter comes
    /// from it, and the Markdown's summary may.
    let cached: PageStore.Entry?

    init(
        source: PageSource, rootURL: String, frontMatter: FrontMatter = FrontMatter(), body: PageBody? = nil,
        file: InputRecord? = nil, cached: PageStore.Entry? = nil
    ) {
        self.source = source
        self.url = OutputPath.url(ofRoute: source.routePath, root: rootURL)
        self.frontMatter = frontMatter
        self.body = body
        self.file = file
        self.cached = cached
    }
}

/// A page's Markdown after its front matter.
struct PageBody: Sendable {
    let text: String
    /// Lines before the body in the file, added to Markdown line numbers for error messages.
    let lineOffset: Int
    /// For a body with the files it includes in place (`Includes`), the line of the written body each of its
    /// lines came from; nil when it includes none.
    var sourceLines: [Int]? = nil

    /// The line in the page's file that line `line` of `text` (counted from 1) came from.
    func fileLine(_ line: Int) -> Int {
        guard let sourceLines, line >= 1, line <= sourceLines.count else { return line + lineOffset }
        return sourceLines[line - 1] + lineOffset
    }
}
