/// What rendering a page's Markdown found out, besides the HTML itself. It is kept in the build cache
/// with the digest of the HTML, so a page whose text and link targets did not change is not rendered
/// again, and a page whose context did not change is not rendered through its template either.
struct MarkdownSummary: Sendable, Equatable {
    /// The title the file gives: front matter `title`, else its first level-1 heading; nil when neither.
    var title: String?
    /// The id of the opening heading left out of the HTML because it repeats the title.
    var titleID: String?
    /// Ids links may point at: heading ids, ids written in raw HTML, and the ids MkDocs gives the headings.
    var anchors = PageAnchors()
    var toc: [TocEntry] = []
    var wordCount = 0
    /// Every link and image destination in the text and its raw HTML, with its file line and what it resolved to.
    var links: [ResolvedLink] = []
    /// The SHA-256 of the HTML.
    var contentDigest = SHA256.digest([])
    var contentIsEmpty = true
    /// The page holds a ```` ```mermaid ```` diagram, which the browser draws with the site's mermaid script.
    var hasMermaid = false
    /// What the Markdown warns of, with file lines: comments nothing closes and formulas KaTeX refused, repeated by
    /// every build while the page is unchanged, since its summary then comes from the cache.
    var warnings: [LineMessage] = []
    /// The files the page includes (`Includes`), directly or through another, by path, with the digest of what
    /// each held: while they hold it, the summary stands for the page.
    var includes: [String: String] = [:]

    /// Whether a link names a heading of another page, or was written with a heading id in place of its fragment:
    /// the only links whose writing the headings of other pages can change (see `SiteAnchors`).
    var linksToHeadings: Bool {
        links.contains { link in
            if case .rewritten(_, .anchor?) = link.resolution { return true }
            return link.heading != nil
        }
    }

    /// The heading ids written in place of links' fragments, by link number (see `ResolvedLink.heading`).
    var linkHeadings: [Int: String] {
        var headings: [Int: String] = [:]
        for (number, link) in links.enumerated() {
            if let heading = link.heading { headings[number] = heading }
        }
        return headings
    }
}

/// A link or image destination as written in a page, where it is, and what the build made of it.
struct ResolvedLink: Sendable, Equatable {
    let destination: String
    /// The line in the page's file.
    let line: Int
    let resolution: LinkResolver.Resolution
    /// For a link to a heading of another page that names it by MkDocs's id, the heading's id, which the page
    /// is written with in the fragment's place (see `SiteAnchors`).
    var heading: String?
}
