import Foundation

/// Renders every page through its template (in parallel) and stages it for "Publish". A page whose key
/// (everything its output depends on, see `RenderKeys`) is the one recorded for its output file, and whose
/// file is intact, is kept as it is: neither its context is built nor its HTML or template rendered. Each
/// rendered page is staged as soon as it is made, so the build never holds every page's bytes at once. In a
/// `BuildSession`, a page's file the last build published is found by the page's position (`Kept`), not looked up
/// among the record's by its path.
struct RenderPages: BuildStep {
    let stage = BuildStage.renderPages
    let pages: [Page]
    /// The sources of `pages` (`SitePages.sources`).
    let sources: [PageSource]
    let html: PageHTML
    let tree: NavigationTree
    let access: SiteAccess
    let templates: TemplateSet
    /// Where the search index's parts are; nil for a site without search.
    let searchLayout: SearchLayout?
    let config: SiteConfig
    /// The URL of the site's mermaid script; nil when the site has none.
    let mermaidURL: String?
    /// Where git's dates for `last_changed = "git"` are kept between builds.
    let gitDatesFile: String
    let output: OutputFolder
    let display: DisplayPaths
    /// What a `BuildSession` kept of the last build's keys and files.
    var memory: SessionMemory?

    /// The pages' output files a build published, in the order of its pages, beside their sources (found again
    /// through a `ListAlignment`), and when that build started: they are the record's only while the record is that
    /// build's (`OutputFolder.previousStarted`).
    struct Kept: Sendable {
        let started: Int
        let sources: [PageSource]
        let files: [OutputFile]
    }

    func run(_ log: BuildLog) -> RenderedPages {
        var lastChanged: [String: SiteDate] = [:]
        if let source = config.lastChanged {
            let paths = pages.filter { $0.source.kind != .implicitSection }.map(\.source.path)
            let found = LastChanged.dates(
                paths: paths, siteFolder: display.siteFolder, fromGit: source == "git",
                gitCache: gitDatesFile)
            lastChanged = found.dates
            if let warning = found.warning { log.warn(Problem(file: display.site("site.toml"), message: warning)) }
        }
        let context = PageContext(
            config: config, pages: pages, tree: tree, access: access, templates: templates, searchLayout: searchLayout,
            lastChanged: lastChanged, mermaidURL: mermaidURL, cards: memory?.cards)
        let pageTemplates = pages.map { [templates] page in
            page.frontMatter.template.flatMap { templates.pageTemplate(named: $0.value) }
                ?? (page.source.isSection ? "section" : "page")
        }
        let keys = RenderKeys(
            context: context, sources: sources, templates: templates, pageTemplates: pageTemplates,
            kept: memory?.renderKeys,
            keeping: memory != nil)
        memory?.renderKeys = keys.kept
        let (templates, output, html, display) = (templates, output, html, display)
        // A page whose output file is intact and was made with its key is kept; the rest are rendered, the
        // costliest first: a section's page lists every child as a card, and started last it would leave one core
        // rendering it while the other has nothing left to do.
        let published = memory?.publishedPageFiles.flatMap { $0.started == output.previousStarted ? $0 : nil }
        let alignment = published.map { ListAlignment(kept: $0.sources, current: sources, source: { $0 }) }
        let kept = concurrentMap(Array(pages.indices)) { index -> OutputFile? in
            let (path, key) = (pages[index].source.outputPath, keys.key(of: index))
            if let published, let last = alignment?[index].map({ published.files[$0] }), last.path == path,
                let file = output.unchanged(publishedFile: last, key: key)
            {
                return file
            }
            return output.unchanged(path, key: key)
        }
        let tree = context.tree
        let changed = pages.indices.filter { kept[$0] == nil }.sorted {
            (tree.children[$0].count, $1) > (tree.children[$1].count, $0)
        }
        let progress = log.itemProgress(total: pages.count)
        let keptCount = pages.count - changed.count
        if keptCount > 0 { progress?(keptCount) }
        let renderProgress: (@Sendable (Int) -> Void)? = progress.map { report in
            { @Sendable done in report(keptCount + done) }
        }
        let outcomes = concurrentMap(changed, onProgress: renderProgress) { index in
            Self.render(
                index, template: pageTemplates[index], context: context, keys: keys, templates: templates, html: html,
                output: output, display: display)
        }
        // In the pages' order: each page kept, else rendered (in `changed`'s order, which is not the pages').
        var rendered = [Result<OutputFile, Problem>?](repeating: nil, count: pages.count)
        for (index, outcome) in zip(changed, outcomes) { rendered[index] = outcome }
        var files: [OutputFile] = []
        files.reserveCapacity(pages.count)
        var problems: [Problem] = []
        for index in pages.indices {
            switch kept[index].map(Result.success) ?? rendered[index] {
            case .success(let file): files.append(file)
            case .failure(let problem): problems.append(problem)
            case nil: preconditionFailure("every page is kept or rendered")
            }
        }
        log.report(problems)
        return RenderedPages(context: context, files: files, reusedPageCount: keptCount)
    }

    private static func render(
        _ index: Int,
        template: String,
        context: PageContext,
        keys: RenderKeys,
        templates: TemplateSet,
        html: PageHTML,
        output: OutputFolder,
        display: DisplayPaths
    ) -> Result<OutputFile, Problem> {
        let page = context.pages[index]
        let key = keys.key(of: index)
        let file = display.site(page.source.path)
        var body = page.html ?? ""
        if page.html == nil, !page.markdown.contentIsEmpty {
            guard let rendered = html.html(of: index) else {
                return .failure(Problem(file: file, message: "cannot read this file"))
            }
            body = rendered
        }
        do {
            let values = context.context(for: index, html: body)
            let rendered = templates.render(values, with: template)
            if let problem = context.includes.problem(inHTML: rendered, file: file, template: template) {
                return .failure(problem)
            }
            return .success(try output.stage(rendered, as: page.source.outputPath, key: key))
        } catch {
            return .failure(
                Problem(file: file, message: "cannot write \(page.source.outputPath): \(error.systemReason)"))
        }
    }
}

/// What "Render pages" made: the pages' output files, and the shared context, which the special pages use too.
struct RenderedPages {
    let context: PageContext
    let files: [OutputFile]
    /// Pages kept from the last build without rendering.
    let reusedPageCount: Int
}
