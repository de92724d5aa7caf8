/// Turns every page's Markdown into HTML, in parallel (see `PageMarkdown`). A page whose file is as the
/// build cache recorded it, and whose links all resolve as they did, is not rendered: its summary comes
/// from the cache, and its HTML is rendered again only if "Render pages" needs it.
struct RenderMarkdown: BuildStep {
    let stage = BuildStage.renderMarkdown
    let pages: [ParsedPage]
    /// The output paths of the site's assets, which links may point at.
    let assets: [String]
    let drafts: Set<String>
    let config: SiteConfig
    let store: PageStore
    let display: DisplayPaths

    func run(_ log: BuildLog) -> RenderedMarkdown {
        let index = LinkIndex(pages: pages, assets: assets, drafts: drafts, rootURL: config.rootURL)
        let bodies = PageBodies(resolver: LinkResolver(index: index), display: display)
        let (store, siteTitle) = (store, config.title)
        let rendered = concurrentMap(pages, onProgress: log.itemProgress(total: pages.count)) { page in
            Self.render(page, bodies: bodies, store: store, siteTitle: siteTitle)
        }
        return RenderedMarkdown(pages: rendered, bodies: bodies)
    }

    private static func render(_ page: ParsedPage, bodies: PageBodies, store: PageStore, siteTitle: String) -> Page {
        var markdown = MarkdownSummary()
        var html: String?
        if page.source.kind != .implicitSection {
            if let file = page.file, let cached = store.entry(for: page.source.path, digest: file.digest)?.markdown,
                PageMarkdown.linksResolveAsBefore(cached, folder: page.source.folder, resolver: bodies.resolver)
            {
                markdown = cached
            } else {
                let body = page.body ?? bodies.read(page.source) ?? PageBody(text: "", lineOffset: 0)
                (markdown, html) = bodies.render(body, of: page)
            }
        }
        return Page(
            source: page.source, url: page.url, frontMatter: page.frontMatter,
            title: markdown.title ?? PageTitle.fromName(page.source.name, siteTitle: siteTitle), markdown: markdown,
            html: html)
    }
}

/// Every page with its rendered Markdown, and how to render again the HTML of a page the cache vouched for.
struct RenderedMarkdown {
    let pages: [Page]
    let bodies: PageBodies
}
