/// Which of the site's files (not pages) each page links to, shows or includes, found in the links rendering
/// recorded: `[Payroll](payroll.xlsx)`, `![Chart](chart.png)`, absolute ones such as
/// `[Payroll](/guide/payroll.xlsx)`, raw HTML's (`<img src="chart.png">`), those found by name: an Obsidian
/// embed or wiki link (`![[chart.png]]`, `[[payroll.xlsx]]`) and Hugo's `ref`, and a file whose text a page includes
/// (`{{#include salaries.csv}}`), which is then readable at its own address too. A file's access rule depends on them;
/// see `AttachmentRule`. The drafts a build leaves out count as well: a file only a left-out HR page links is still
/// the HR page's, and leaving the page out must not open the file to its folder.
struct LinkedFiles: Sendable {
    /// The page a link is written in: a published page, by index into the pages given, or a draft the build leaves
    /// out, by its path in the site folder.
    enum Origin: Sendable, Equatable {
        case page(Int)
        case draft(String)
    }

    /// One link to a file: the page it is written in and its line; no line for an include.
    struct Link: Sendable, Equatable {
        let origin: Origin
        let line: Int?
    }

    /// The links to each file, by the file's output path (e.g. `guide/payroll.xlsx`), published pages first, in page
    /// order, then drafts.
    let links: [String: [Link]]

    /// The links of `pages` and `drafts` to the site's own files, `assets` (not the theme's, which are public); links
    /// written against the site's git `repository` (see `LinkResolver`) count too. A draft's links are found by
    /// rendering it with `bodies`, as it would be rendered published.
    init(
        pages: [Page], drafts: [ParsedPage], bodies: PageBodies, assets: [AssetFile], rootURL: String,
        repository: SiteRepository?
    ) {
        let siteAssets = assets.filter { !$0.isThemeAsset }
        var links: [String: [Link]] = [:]
        // Resolving every link of every page costs a rebuild after a one-page edit more than rendering the page;
        // a site without files of its own has none to find.
        guard !siteAssets.isEmpty else {
            self.links = links
            return
        }
        let files = Set(siteAssets.lazy.map(\.outputPath))
        // Made only for a site whose pages include files: most have none.
        var bySource: [String: String]?
        func add(_ summary: MarkdownSummary, folder: String, origin: Origin) {
            for link in summary.links {
                guard
                    let file = Self.file(
                        named: Self.destination(of: link), folder: folder, rootURL: rootURL,
                        repository: repository, isFile: files.contains)
                else { continue }
                links[file, default: []].append(Link(origin: origin, line: link.line))
            }
            guard !summary.includes.isEmpty else { return }
            let sources =
                bySource
                ?? Dictionary(siteAssets.map { (DisplayPaths.normalised($0.sourcePath), $0.outputPath) }) { first, _ in
                    first
                }
            bySource = sources
            for included in summary.includes.keys.sorted() {
                guard let file = sources[included] else { continue }
                links[file, default: []].append(Link(origin: origin, line: nil))
            }
        }
        for (index, page) in pages.enumerated() {
            add(page.markdown, folder: page.source.fileFolder, origin: .page(index))
        }
        let drafted = concurrentMap(drafts) { draft in
            let body = draft.body ?? bodies.read(draft.source) ?? PageBody(text: "", lineOffset: 0)
            return bodies.render(body, of: draft.source, frontMatterTitle: nil, linkHeadings: [:]).summary
        }
        for (draft, summary) in zip(drafts, drafted) {
            add(summary, folder: draft.source.fileFolder, origin: .draft(draft.source.path))
        }
        self.links = links
    }

    /// What a link leads to as the browser reads it: where `LinkResolver` rewrote it to (which is how a link by name,
    /// a wiki link, an embed or Hugo's `ref`, names its file), else as written.
    private static func destination(of link: ResolvedLink) -> String {
        guard case .rewritten(let url, _) = link.resolution else { return link.destination }
        return url
    }

    /// The site file a link destination written in a page in `folder` names, the way `LinkResolver` and
    /// the browser read it (after Jekyll's `{{ site.baseurl }}`, as `LinkResolver` writes it); nil for external
    /// links, links to a heading of the same page, links that leave the site, and links to anything that is not a
    /// file (`isFile`).
    static func file(
        named written: String, folder: String, rootURL: String, repository: SiteRepository?,
        isFile: (String) -> Bool
    ) -> String? {
        let destination = JekyllLinks.withoutBaseURL(written) ?? written
        if destination.isEmpty || LinkResolver.isExternal(destination) { return nil }
        let path = LinkResolver.decoded(LinkResolver.split(destination).path)
        guard !path.isEmpty else { return nil }
        let candidates: [String?]
        if path.hasPrefix("/") {
            let root = LinkResolver.decoded(rootURL)
            candidates = [
                path.hasPrefix(root) ? SitePath.resolve(String(path.dropFirst(root.count)), from: "") : nil,
                repository?.sitePath(ofAbsolute: path),
            ]
        } else {
            candidates = [
                SitePath.resolve(path, from: folder)
                    ?? repository?.repositoryPath(ofRelative: path, from: folder).flatMap {
                        repository?.sitePath(ofRepositoryPath: $0)
                    }
            ]
        }
        return candidates.lazy.compactMap { $0 }.first(where: isFile)
    }
}
