/// Turns every page's Markdown into HTML, in parallel (see `PageMarkdown`). A page whose file is as the
/// build cache recorded it, and whose links all resolve as they did, is not rendered: its summary comes
/// from the cache, and its HTML is rendered again only if "Render pages" needs it. While the link
/// targets of the site are those of the last build, every link resolves as it did without asking; when only
/// pages, drafts or assets changed, only the links that name one of them are asked (`LinkTargetChanges`). A link
/// naming a heading of another page by MkDocs's id is settled once every page's headings are known
/// (`SiteAnchors`), and its page rendered again when that changes how it is written. In a `BuildSession`, a page made
/// from the cache's summary is made once: the next build takes it again while its front matter stage's page is the
/// same and its links lead where they did.
struct RenderMarkdown: BuildStep {
    let stage = BuildStage.renderMarkdown
    let pages: [ParsedPage]
    /// The sources of `pages` (`SitePages.sources`).
    let sources: [PageSource]
    /// What links can point at (`SitePages.links`).
    let links: Background<LinkIndex>
    /// The titles a book's `SUMMARY.md` and the folders' `_category_.json` give pages.
    let titles: PageTitle
    let config: SiteConfig
    /// The digest of the link targets of the last build; see `LinkIndex.digest`.
    let previousLinkTargets: String?
    /// Where the last build's link targets are kept; nil for `sitegen access`.
    let cache: BuildCache?
    /// The files pages include, read once for the whole build.
    let includes: IncludedFiles
    let display: DisplayPaths
    /// What a `BuildSession` kept of this stage in its last build.
    var memory: SessionMemory?

    /// The source of each of a build's pages, in order (found again through a `ListAlignment`), and beside it the page
    /// it made from the cache's summary, its problems, its links' destinations and the front matter stage's page it was
    /// made from, if it made one; and the titles they were made with.
    struct Kept: Sendable {
        let titles: PageTitle
        let sources: [PageSource]
        let made: [Made?]

        /// A page made from the cache's summary, what it was made from, and what tells whether it stands. A class: a
        /// build reads one for nearly every page, and one object is less memory to wait on than four.
        final class Made: Sendable {
            let parsed: ParsedPage
            let page: Page
            let problems: [Problem]
            let destinations: LinkDestinations
            /// The summary includes no file: what it includes is as it was while the snippets appended to every page
            /// are, which `summaryStands` is told without reading the page's cache entry.
            let includesNothing: Bool

            init(parsed: ParsedPage, page: Page, problems: [Problem]) {
                (self.parsed, self.page, self.problems) = (parsed, page, problems)
                destinations = LinkDestinations(page.markdown.links)
                includesNothing = parsed.cached?.markdown?.includes.isEmpty ?? false
            }
        }
    }

    func run(_ log: BuildLog) -> RenderedMarkdown {
        let index = links.value
        let bodies = PageBodies(
            resolver: LinkResolver(index: index), display: display, includes: includes,
            dialect: config.markdownDialect)
        // A session has the last build's targets at hand: comparing them is cheaper than hashing these, whose digest
        // the record needs only at the end of the build, and is worked out meanwhile on another core.
        let keptTargets = previousLinkTargets.flatMap { cache?.keptLinkTargets(digest: $0) }
        let targetsUnchanged: Bool
        let linkTargets: Background<String>
        if let keptTargets, let previousLinkTargets {
            targetsUnchanged = keptTargets.sameBytes(as: index.described)
            linkTargets = targetsUnchanged ? Background(ready: previousLinkTargets) : Background.later { index.digest }
        } else {
            let digest = index.digest
            targetsUnchanged = digest == previousLinkTargets
            linkTargets = Background(ready: digest)
        }
        let changes =
            targetsUnchanged
            ? nil
            : (keptTargets ?? previousLinkTargets.flatMap { cache?.loadLinkTargets(digest: $0) }).flatMap {
                LinkTargetChanges(earlier: $0, current: index)
            }
        let (pages, titles) = (pages, titles)
        let kept = memory?.markdownPages.map(\.value).flatMap { $0.titles == titles ? $0 : nil }
        let alignment = kept.map { ListAlignment(kept: $0.sources, current: sources, source: { $0 }) }
        let lastMade = kept?.made ?? []
        let made = { @Sendable (index: Int) in alignment?[index].flatMap { lastMade[$0] } }
        let noIncludesStand = bodies.includes.unchanged([:])
        var results = concurrentMap(Array(pages.indices), onProgress: log.itemProgress(total: pages.count)) { index in
            let page = pages[index]
            if let taken = made(index), taken.parsed === page,
                Self.summaryStands(
                    page, bodies: bodies, targetsUnchanged: targetsUnchanged, changes: changes,
                    destinations: taken.destinations, includesStand: taken.includesNothing ? noIncludesStand : nil)
            {
                return (page: taken.page, problems: taken.problems, rendered: false)
            }
            let made = Self.render(
                page, bodies: bodies, targetsUnchanged: targetsUnchanged, changes: changes, titles: titles)
            return (page: made.page, problems: made.problems, rendered: made.page.html != nil)
        }
        // Which heading a link to another page names by MkDocs's id is known only now; the few pages whose
        // links that changes are rendered again. Their headings, and so the anchors, stay as they are. A page
        // taken from the cache was written with the headings its targets' anchors gave when it was rendered or
        // last checked, so only its links into pages rendered now can name another heading; and not into a page
        // added since (`LinkTargetChanges.addedPages`). When no link can, only the pages rendered now are checked.
        let anchors = SiteAnchors(pages: results.map(\.page))
        let renderedNow = results.indices.filter { results[$0].rendered }
        let addedPages = changes?.addedPages ?? []
        let rendered = Set(renderedNow.lazy.map { results[$0].page.source.path }.filter { !addedPages.contains($0) })
        let settled = results
        let checkedPages = rendered.isEmpty ? renderedNow : Array(results.indices)
        let checked = concurrentMap(checkedPages) { index in
            let page = settled[index].page
            let linksToHeadings = page.linksToHeadings
            let asBefore =
                page.html == nil && !(linksToHeadings && anchors.linksInto(rendered, from: page.markdown.links))
            guard !asBefore, linksToHeadings, let headings = anchors.changedLinkHeadings(of: page.markdown) else {
                return (settled[index], asBefore)
            }
            let made = Self.render(pages[index], bodies: bodies, titles: titles, linkHeadings: headings)
            return ((made.page, made.problems, true), false)
        }
        var linksAsBefore = [Bool](repeating: true, count: results.count)
        for (index, (result, asBefore)) in zip(checkedPages, checked) {
            results[index] = result
            linksAsBefore[index] = asBefore
        }
        if let memory {
            // A page taken again keeps its item, destinations and all. Only the next build needs the list: it is made
            // on another core while this one goes on.
            let results = results
            memory.markdownPages = Background.later {
                Kept(
                    titles: titles, sources: sources,
                    made: pages.indices.map { index -> Kept.Made? in
                        let (parsed, result) = (pages[index], results[index])
                        if let taken = made(index), taken.page === result.page { return taken }
                        guard result.page.html == nil, parsed.cached != nil else { return nil }
                        return Kept.Made(parsed: parsed, page: result.page, problems: result.problems)
                    })
            }
        }
        if let mkdocs = config.mkdocs { log.report(bodies.appendix.problems(in: mkdocs.file)) }
        log.report(results.flatMap(\.problems))
        let mermaidPages = results.filter(\.page.markdown.hasMermaid).map { display.site($0.page.source.path) }
        if !mermaidPages.isEmpty, !index.assets.contains(config.mermaidScript) {
            let message =
                "\(mermaidPages.count) page(s) have mermaid diagrams, shown as code: "
                + mermaidPages.prefix(10).joined(separator: ", ") + (mermaidPages.count > 10 ? ", …" : "")
                + "; to draw them, put mermaid's script (mermaid.min.js) at \(display.site(config.mermaidScript)), "
                + "or name its path in site.toml: mermaid = \"js/mermaid.min.js\""
            log.warn(Problem(file: nil, message: message))
        }
        return RenderedMarkdown(
            pages: results.map(\.page), linksAsBefore: linksAsBefore, bodies: bodies, anchors: anchors,
            linkTargets: linkTargets, describedLinkTargets: index.described, repository: index.repository)
    }

    /// Renders `page`, or takes its summary from the cache when its links resolve as before; with `linkHeadings`
    /// (see `PageMarkdown.render`), always renders it.
    private static func render(
        _ page: ParsedPage, bodies: PageBodies, targetsUnchanged: Bool = false, changes: LinkTargetChanges? = nil,
        titles: PageTitle, linkHeadings: [Int: String]? = nil
    ) -> (page: Page, problems: [Problem]) {
        let markdown: MarkdownSummary
        var html: String?
        var problems: [Problem] = []
        if page.source.kind == .implicitSection {
            markdown = MarkdownSummary()
        } else {
            if linkHeadings == nil, let cached = page.cached?.markdown,
                summaryStands(page, bodies: bodies, targetsUnchanged: targetsUnchanged, changes: changes)
            {
                markdown = cached
            } else {
                let body = page.body ?? bodies.read(page.source) ?? PageBody(text: "", lineOffset: 0)
                let rendered = bodies.render(
                    body, of: page.source, frontMatterTitle: page.frontMatter.title, linkHeadings: linkHeadings ?? [:])
                (markdown, html) = (rendered.summary, rendered.html)
                let file = bodies.display.site(page.source.path)
                problems = serverSideIncludeProblems(in: rendered.html, found: rendered.directiveLines, file: file)
                problems += rendered.errors.map { Problem(file: file, line: $0.line, message: $0.message) }
            }
            if !markdown.warnings.isEmpty {
                let file = bodies.display.site(page.source.path)
                problems += markdown.warnings.map { warning in
                    Problem(file: file, line: warning.line, message: warning.message, isWarning: true)
                }
            }
        }
        var frontMatter = page.frontMatter
        if frontMatter.navTitle == nil { frontMatter.navTitle = titles.navigationTitle(for: page.source) }
        let page = Page(
            source: page.source, url: page.url, frontMatter: frontMatter, fileDigest: page.file?.digest,
            title: markdown.title ?? titles.fallback(for: page.source), markdown: markdown,
            html: html)
        return (page, problems)
    }

    /// Whether the cache's summary of `page` stands: the files it includes are as they were, and its links lead
    /// where they did (always, while the link targets are the last build's).
    /// With `destinations`, the page's links' destinations as a session keeps them, most pages are answered by one
    /// search of those for the names of the changed targets; with `includesStand`, whether the files it includes are
    /// as they were is not asked of the page's cache entry.
    private static func summaryStands(
        _ page: ParsedPage, bodies: PageBodies, targetsUnchanged: Bool, changes: LinkTargetChanges?,
        destinations: LinkDestinations? = nil, includesStand: Bool? = nil
    ) -> Bool {
        // Field by field: the summary bound to a name would be copied whole.
        guard includesStand ?? (page.cached?.markdown?.includes).map(bodies.includes.unchanged) ?? false else {
            return false
        }
        if targetsUnchanged { return true }
        if let destinations, let changes, !changes.mayChange(anyOf: destinations) { return true }
        guard let entry = page.cached, let links = entry.markdown?.links else { return false }
        return PageMarkdown.linksResolveAsBefore(
            links, folder: { page.source.fileFolder }, anchors: { entry.markdown?.anchors ?? PageAnchors() },
            resolver: bodies.resolver, changes: changes)
    }

    /// Raw HTML is where an author can open an SSI directive; the rendered page is checked as well, so
    /// no other route through Markdown can bring one in unnoticed.
    private static func serverSideIncludeProblems(in html: String, found lines: [Int], file: String) -> [Problem] {
        guard !ContentSSI.lines(in: html).isEmpty else { return [] }
        guard !lines.isEmpty else { return [ContentSSI.problem(file: file, line: nil, in: "the rendered page")] }
        return lines.map { ContentSSI.problem(file: file, line: $0, in: "raw HTML") }
    }
}

/// Every page with its rendered Markdown, and how to render again the HTML of a page the cache vouched for.
struct RenderedMarkdown {
    let pages: [Page]
    /// For each page, whether its links lead where they led in the last successful build: its summary came from
    /// the build cache, so its links resolve as they did then, and none names a heading of a page rendered now.
    let linksAsBefore: [Bool]
    let bodies: PageBodies
    /// Every page's anchors, which links to headings of other pages are checked against.
    let anchors: SiteAnchors
    /// The digest of the link targets the pages were rendered against, for the build's record.
    let linkTargets: Background<String>
    /// What the digest is made of, for the build cache; see `LinkIndex.described`.
    let describedLinkTargets: [UInt8]
    /// Where the site folder lies in its git repository, which links may be written against.
    let repository: SiteRepository?
}
