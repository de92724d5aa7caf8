/// Turns one page's Markdown into HTML in one pass: parse, give headings their ids, rewrite links to
/// built URLs, render, and free the syntax tree, so a page's tree lives only while that page is
/// worked on. Links to headings of other pages are checked later, once every heading is known.
enum PageMarkdown {
    /// The summary (with comments nothing closes and the formulas KaTeX refused, as warnings) and HTML of `body`, the file lines whose raw
    /// HTML opens an SSI directive, and the diagrams Graphviz could not read (errors), with their file lines.
    /// Link number `n` to a heading of another page is written with `linkHeadings[n]` in its fragment's place
    /// (see `SiteAnchors`); `dialect` is what the project's extensions add (`MarkdownDialect`).
    static func render(
        _ body: PageBody, folder: String, frontMatterTitle: String?, resolver: LinkResolver,
        linkHeadings: [Int: String], dialect: MarkdownDialect = .init()
    ) -> (
        summary: MarkdownSummary, html: String, directiveLines: [Int], diagramErrors: [LineMessage]
    ) {
        let document = MarkdownDocument(markdown: body.text, dialect: dialect)
        var summary = MarkdownSummary()
        let (headingIDs, mkdocsIDs) = HeadingIDs.ids(for: document.headings)
        summary.anchors = PageAnchors(ids: Set(headingIDs).union(document.htmlAnchors), mkdocsIDs: mkdocsIDs)
        summary.toc = TocEntry.entries(from: Array(zip(document.headings, headingIDs)))
        summary.wordCount = document.wordCount
        summary.title = frontMatterTitle ?? document.headings.first { $0.level == 1 }?.shown
        // The theme shows the title above the text, so an opening heading that repeats it would show it
        // twice. Its id stays taken and valid for links, and the theme may give it to the title.
        let omitsOpeningHeading = summary.title != nil && document.openingHeading?.text == summary.title
        summary.titleID = omitsOpeningHeading ? headingIDs.first : nil
        for (number, link) in document.links.enumerated() {
            let resolution = resolver.resolve(link.destination, folder: folder, anchors: summary.anchors)
            var heading: String?
            if case .rewritten(let url, let anchor) = resolution {
                heading = anchor == nil ? nil : linkHeadings[number]
                document.setLinkDestination(heading.map { LinkResolver.url(url, fragment: $0) } ?? url, at: number)
            }
            summary.links.append(
                ResolvedLink(
                    destination: link.destination, line: body.fileLine(link.line), resolution: resolution,
                    heading: heading))
        }
        let html = document.renderHTML(headingIDs: headingIDs, omittingOpeningHeading: omitsOpeningHeading)
        summary.contentDigest = SHA256.digest(html)
        summary.contentIsEmpty = html.isEmpty
        summary.hasMermaid = document.hasMermaid
        let inFile = { (error: LineMessage) in LineMessage(line: body.fileLine(error.line), message: error.message) }
        summary.warnings =
            document.unclosedComments.map(inFile)
            + document.mathErrors.map { inFile(LineMessage(line: $0.line, message: "math: " + $0.message)) }
        return (
            summary, html, document.serverSideIncludeLines.map(body.fileLine),
            document.diagramErrors.map(inFile)
        )
    }

    /// True when every one of a summary's `links`, written in a page in `folder` with the headings `anchors`, resolves
    /// now as it did when the summary was made: then the page's HTML is what it was, and its Markdown need not be
    /// rendered. With `changes`, only the links that name a changed target are asked, and `folder` and `anchors`
    /// are worked out only for those. Given the links alone: a summary passed whole is copied field by field.
    static func linksResolveAsBefore(
        _ links: [ResolvedLink], folder: () -> String, anchors: () -> PageAnchors, resolver: LinkResolver,
        changes: LinkTargetChanges?
    ) -> Bool {
        // By index into the buffer, which reads a link's fields where they lie: iterating the links would copy each
        // one, and so would the array's subscript.
        links.withUnsafeBufferPointer { links in
            links.indices.allSatisfy { number in
                changes?.mayChange(links[number].destination) == false
                    || resolver.resolve(links[number].destination, folder: folder(), anchors: anchors())
                        == links[number].resolution
            }
        }
    }
}
