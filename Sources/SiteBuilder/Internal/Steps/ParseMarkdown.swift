/// Parses every page's Markdown once (in parallel): headings get their ids, the table of contents
/// and the title fallback are worked out, and links are collected for the next stage.
struct ParseMarkdown: BuildStep {
    let stage = BuildStage.parseMarkdown

    func run(_ build: BuildState) {
        let siteTitle = build.config.title
        build.pages = concurrentMap(build.pages, onProgress: build.itemProgress(total: build.pages.count)) { page in
            Self.parse(page, siteTitle: siteTitle)
        }
    }

    private static func parse(_ page: Page, siteTitle: String) -> Page {
        var page = page
        guard page.source.kind != .implicitSection else {
            page.title = PageTitle.fromName(page.source.name, siteTitle: siteTitle)
            return page
        }
        let document = MarkdownDocument(markdown: page.body)
        page.body = ""
        page.document = document
        page.headings = document.headings
        var ids = HeadingIDs()
        page.headingIDs = document.headings.map { ids.uniqueID(for: $0.text) }
        page.anchors = Set(page.headingIDs).union(document.htmlAnchors)
        page.toc = TocEntry.entries(from: Array(zip(page.headings, page.headingIDs)))
        page.wordCount = document.wordCount
        let firstHeading = document.headings.first { $0.level == 1 }?.text
        page.title =
            page.frontMatter.title ?? firstHeading ?? PageTitle.fromName(page.source.name, siteTitle: siteTitle)
        return page
    }
}
