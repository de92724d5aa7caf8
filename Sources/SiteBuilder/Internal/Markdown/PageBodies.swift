import Foundation

/// Renders the Markdown of the site's pages against one build's link targets: when "Render Markdown"
/// renders a page, and when a later stage needs the HTML of a page whose summary came from the build
/// cache (through `PageHTML`) and it is rendered again from its file.
struct PageBodies: Sendable {
    let resolver: LinkResolver
    let display: DisplayPaths

    /// See `PageMarkdown.render`.
    func render(_ body: PageBody, of page: ParsedPage, linkHeadings: [Int: String]) -> (
        summary: MarkdownSummary, html: String, directiveLines: [Int], diagramErrors: [LineMessage]
    ) {
        PageMarkdown.render(
            body, folder: page.source.fileFolder, frontMatterTitle: page.frontMatter.title, resolver: resolver,
            linkHeadings: linkHeadings)
    }

    /// The Markdown of `source` as its file holds it now; nil when the file cannot be read.
    func read(_ source: PageSource) -> PageBody? {
        guard let data = FileManager.default.contents(atPath: display.site(source.path)) else { return nil }
        let text = PageText.decode(data)
        guard let block = FrontMatterBlock.split(text) else { return PageBody(text: "", lineOffset: 0) }
        return PageBody(text: block.body, lineOffset: block.bodyLineOffset)
    }
}
