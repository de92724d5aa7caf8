import Foundation

/// Renders every page through its template (in parallel) into the output. A page's key is the digest of
/// its full render context (with its HTML standing in by digest) and of its template and the partials
/// that template includes: a page whose key is the one recorded for its output file, and whose file
/// is intact, is kept as it is, without its HTML or template being rendered.
struct RenderPages: BuildStep {
    let stage = BuildStage.renderPages
    let pages: [Page]
    let bodies: PageBodies
    let tree: NavigationTree
    let access: SiteAccess
    let templates: TemplateSet
    let config: SiteConfig
    let writer: OutputWriter
    let display: DisplayPaths

    func run(_ log: BuildLog) -> RenderedPages {
        let context = PageContext(config: config, pages: pages, tree: tree, access: access, templates: templates)
        let (templates, digests, writer, bodies, display) = (
            templates, TemplateDigests(sources: templates.sources), writer, bodies, display
        )
        let outcomes = concurrentMap(Array(pages.indices), onProgress: log.itemProgress(total: pages.count)) { index in
            Self.render(
                index, context: context, templates: templates, digests: digests, bodies: bodies, writer: writer,
                display: display)
        }
        log.report(outcomes.compactMap(\.problem))
        return RenderedPages(context: context, reusedPageCount: outcomes.count { $0 == .kept })
    }

    enum Outcome: Equatable {
        case kept
        case rendered
        case failed(String, file: String)

        var problem: Problem? {
            guard case .failed(let message, let file) = self else { return nil }
            return Problem(file: file, message: message)
        }
    }

    private static func render(
        _ index: Int,
        context: PageContext,
        templates: TemplateSet,
        digests: TemplateDigests,
        bodies: PageBodies,
        writer: OutputWriter,
        display: DisplayPaths
    ) -> Outcome {
        let page = context.pages[index]
        var values = context.context(for: index)
        let template = page.frontMatter.template?.value ?? (page.source.isSection ? "section" : "page")
        var keyInput = Array("\(PageContext.generator)\n\(digests.digest(of: template))\n\(template)\n".utf8)
        values.digest.append(to: &keyInput)
        let key = SHA256.hex(keyInput)
        if writer.keepIfUnchanged(page.source.outputPath, key: key) { return .kept }
        let file = display.site(page.source.path)
        if page.html == nil, !page.markdown.contentIsEmpty {
            guard let html = bodies.html(of: page) else { return .failed("cannot read this file", file: file) }
            values = context.context(for: index, html: html)
        }
        do {
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
