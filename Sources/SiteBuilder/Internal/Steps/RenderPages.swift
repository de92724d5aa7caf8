import Foundation

/// Renders every page through its template (in parallel) into the output. A page whose key (everything
/// its output depends on, see `RenderKeys`) is the one recorded for its output file, and whose file is
/// intact, is kept as it is: neither its context is built nor its HTML or template rendered. The kept
/// pages are handed to the writer together at the end, rather than each under the writer's lock.
struct RenderPages: BuildStep {
    let stage = BuildStage.renderPages
    let pages: [Page]
    let bodies: PageBodies
    let tree: NavigationTree
    let access: SiteAccess
    let templates: TemplateSet
    /// Where the search index's parts are; nil for a site without search.
    let searchLayout: SearchLayout?
    let config: SiteConfig
    let writer: OutputWriter
    let display: DisplayPaths

    func run(_ log: BuildLog) -> RenderedPages {
        let context = PageContext(
            config: config, pages: pages, tree: tree, access: access, templates: templates, searchLayout: searchLayout)
        let keys = RenderKeys(context: context, templates: templates)
        let (templates, writer, bodies, display) = (templates, writer, bodies, display)
        let outcomes = concurrentMap(Array(pages.indices), onProgress: log.itemProgress(total: pages.count)) { index in
            Self.render(
                index, context: context, keys: keys, templates: templates, bodies: bodies, writer: writer,
                display: display)
        }
        log.report(outcomes.compactMap(\.problem))
        let kept = outcomes.compactMap(\.keptFile)
        writer.keep(kept)
        return RenderedPages(context: context, reusedPageCount: kept.count)
    }

    enum Outcome {
        /// The output file stays as the last build made it.
        case kept(OutputWriter.KeptFile)
        case rendered
        case failed(String, file: String)

        var problem: Problem? {
            guard case .failed(let message, let file) = self else { return nil }
            return Problem(file: file, message: message)
        }

        var keptFile: OutputWriter.KeptFile? {
            guard case .kept(let file) = self else { return nil }
            return file
        }
    }

    private static func render(
        _ index: Int,
        context: PageContext,
        keys: RenderKeys,
        templates: TemplateSet,
        bodies: PageBodies,
        writer: OutputWriter,
        display: DisplayPaths
    ) -> Outcome {
        let page = context.pages[index]
        let template = page.frontMatter.template?.value ?? (page.source.isSection ? "section" : "page")
        let key = keys.key(for: index, template: template)
        if let file = writer.unchanged(page.source.outputPath, key: key) { return .kept(file) }
        let file = display.site(page.source.path)
        var html = page.html ?? ""
        if page.html == nil, !page.markdown.contentIsEmpty {
            guard let rendered = bodies.html(of: page) else { return .failed("cannot read this file", file: file) }
            html = rendered
        }
        do {
            let values = context.context(for: index, html: html)
            try writer.write(templates.render(values, with: template), to: page.source.outputPath, key: key)
            return .rendered
        } catch {
            return .failed("cannot write \(page.source.outputPath): \(error.localizedDescription)", file: file)
        }
    }
}

/// What "Render pages" made besides the pages: the shared context, which the special pages use too.
struct RenderedPages {
    let context: PageContext
    /// Pages kept from the last build without rendering.
    let reusedPageCount: Int
}
