import Foundation

/// Renders the Markdown of the site's pages against one build's link targets: when "Render Markdown"
/// renders a page, and when a later stage needs the HTML of a page whose summary came from the build
/// cache (through `PageHTML`) and it is rendered again from its file. The files a page includes are put in
/// place first (`Includes`), and its summary lists them.
struct PageBodies: Sendable {
    let resolver: LinkResolver
    let display: DisplayPaths
    let includes: IncludedFiles
    /// What every page ends with, from `mkdocs.yml`'s `auto_append`.
    let appendix: Includes.Appendix
    /// What `mkdocs.yml`'s extensions add to the Markdown.
    let dialect: MarkdownDialect

    init(resolver: LinkResolver, display: DisplayPaths, includes: IncludedFiles, dialect: MarkdownDialect = .init()) {
        (self.resolver, self.display, self.includes, self.dialect) = (resolver, display, includes, dialect)
        appendix = Includes.Appendix(files: includes)
    }

    /// See `PageMarkdown.render`; the errors are those of the diagrams and the includes.
    func render(_ body: PageBody, of source: PageSource, frontMatterTitle: String?, linkHeadings: [Int: String])
        -> (summary: MarkdownSummary, html: String, directiveLines: [Int], errors: [LineMessage])
    {
        var body = body
        let expansion = Includes.expand(
            body.text, folder: DisplayPaths.normalised(display.site(source.fileFolder)), files: includes,
            appendix: appendix, liquidIncludes: dialect.liquidIncludes ? liquidFolder : nil)
        if let expansion {
            body = PageBody(text: expansion.text, lineOffset: body.lineOffset, sourceLines: expansion.sourceLines)
        }
        var rendered = PageMarkdown.render(
            body, folder: source.fileFolder, frontMatterTitle: frontMatterTitle ?? expansion?.title, resolver: resolver,
            linkHeadings: linkHeadings, dialect: dialect)
        rendered.summary.includes = expansion?.included ?? [:]
        let includeErrors = (expansion?.errors ?? []).map {
            LineMessage(line: $0.line + body.lineOffset, message: $0.message)
        }
        return (rendered.summary, rendered.html, rendered.directiveLines, rendered.diagramErrors + includeErrors)
    }

    /// A Jekyll source's `_includes/` folder.
    private var liquidFolder: String {
        DisplayPaths.normalised(display.site("_includes"))
    }

    /// The Markdown of `source` as its file holds it now; nil when the file cannot be read.
    func read(_ source: PageSource) -> PageBody? {
        guard let data = FileManager.default.contents(atPath: display.site(source.path)) else { return nil }
        let text = PageText.decode(data)
        guard let block = FrontMatterBlock.split(text) else { return PageBody(text: "", lineOffset: 0) }
        return PageBody(text: block.body, lineOffset: block.bodyLineOffset)
    }
}
