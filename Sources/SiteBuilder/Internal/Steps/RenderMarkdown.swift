/// Turns every page's Markdown into HTML, in parallel and in one pass per page: parse, give headings
/// their ids, rewrite links to built URLs, render, and free the syntax tree, so a page's tree lives
/// only while that page is worked on. Links are checked by the next stage, once every heading is known.
struct RenderMarkdown: BuildStep {
    let stage = BuildStage.renderMarkdown

    func run(_ build: BuildState) {
        let index = LinkIndex(
            pages: build.pages, assets: build.assets.map(\.outputPath),
            drafts: build.drafts, rootURL: build.config.rootURL)
        let resolver = LinkResolver(index: index)
        let siteTitle = build.config.title
        let display = build.display
        let results = concurrentMap(build.pages, onProgress: build.itemProgress(total: build.pages.count)) { page in
            Self.render(page, resolver: resolver, siteTitle: siteTitle, display: display)
        }
        build.pages = results.map(\.page)
        build.report(results.flatMap(\.problems))
    }

    private static func render(
        _ page: Page, resolver: LinkResolver, siteTitle: String, display: DisplayPaths
    ) -> (page: Page, problems: [Problem]) {
        var page = page
        guard page.source.kind != .implicitSection else {
            page.title = PageTitle.fromName(page.source.name, siteTitle: siteTitle)
            return (page, [])
        }
        let document = MarkdownDocument(markdown: page.body)
        page.body = ""
        var ids = HeadingIDs()
        let headingIDs = document.headings.map { ids.uniqueID(for: $0.text) }
        page.anchors = Set(headingIDs).union(document.htmlAnchors)
        page.toc = TocEntry.entries(from: Array(zip(document.headings, headingIDs)))
        page.wordCount = document.wordCount
        let firstHeading = document.headings.first { $0.level == 1 }?.text
        page.title =
            page.frontMatter.title ?? firstHeading ?? PageTitle.fromName(page.source.name, siteTitle: siteTitle)
        // The theme shows the title above the text, so an opening heading that repeats it would show it
        // twice. Its id stays taken and valid for links, and the theme may give it to the title.
        let omitsOpeningHeading = document.openingHeading?.text == page.title
        page.titleID = omitsOpeningHeading ? headingIDs.first : nil
        for (number, link) in document.links.enumerated() {
            let line = link.line + page.bodyLineOffset
            switch resolver.resolve(link.destination, folder: page.source.folder, anchors: page.anchors) {
            case .unchanged:
                break
            case .rewritten(let url, let anchor):
                document.setLinkDestination(url, at: number)
                if let anchor { page.linkChecks.append(LinkCheck(line: line, kind: anchor)) }
            case .broken(let message):
                page.linkChecks.append(LinkCheck(line: line, kind: .broken(message)))
            }
        }
        page.contentHTML = document.renderHTML(headingIDs: headingIDs, omittingOpeningHeading: omitsOpeningHeading)
        return (page, serverSideIncludeProblems(in: page, found: document.serverSideIncludeLines, display: display))
    }

    /// Raw HTML is where an author can open an SSI directive; the rendered page is checked as well, so
    /// no other route through Markdown can bring one in unnoticed.
    private static func serverSideIncludeProblems(
        in page: Page, found lines: [Int], display: DisplayPaths
    ) -> [Problem] {
        guard !ContentSSI.lines(in: page.contentHTML).isEmpty else { return [] }
        let file = display.site(page.source.path)
        guard !lines.isEmpty else { return [ContentSSI.problem(file: file, line: nil, in: "the rendered page")] }
        return lines.map { ContentSSI.problem(file: file, line: $0 + page.bodyLineOffset, in: "raw HTML") }
    }
}
