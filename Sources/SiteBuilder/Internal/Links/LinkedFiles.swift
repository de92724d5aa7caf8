/// Which of the site's files (not pages) each page links to or shows, found in the links rendering
/// recorded: `[Payroll](payroll.xlsx)`, `![Chart](chart.png)`, absolute ones such as
/// `[Payroll](/guide/payroll.xlsx)`, raw HTML's (`<img src="chart.png">`), and those found by name: an Obsidian
/// embed or wiki link (`![[chart.png]]`, `[[payroll.xlsx]]`) and Hugo's `ref`. A file's access rule depends on them;
/// see `AttachmentRule`.
struct LinkedFiles: Sendable {
    /// One link to a file: the index of the page (as in the pages given) and the line of the link.
    struct Link: Sendable, Equatable {
        let page: Int
        let line: Int
    }

    /// The links to each file, by the file's output path (e.g. `guide/payroll.xlsx`), in page order.
    let links: [String: [Link]]

    /// The links of `pages` to the site's own files, `assets` (not the theme's, which are public); links written
    /// against the site's git `repository` (see `LinkResolver`) count too.
    init(pages: [Page], assets: [AssetFile], rootURL: String, repository: SiteRepository?) {
        let files = Set(assets.lazy.filter { !$0.isThemeAsset }.map(\.outputPath))
        var links: [String: [Link]] = [:]
        // Resolving every link of every page costs a rebuild after a one-page edit more than rendering the page;
        // a site without files of its own has none to find.
        guard !files.isEmpty else {
            self.links = links
            return
        }
        for (index, page) in pages.enumerated() {
            let folder = page.source.fileFolder
            for link in page.markdown.links {
                guard
                    let file = Self.file(
                        named: Self.destination(of: link), folder: folder, rootURL: rootURL,
                        repository: repository, isFile: files.contains)
                else { continue }
                links[file, default: []].append(Link(page: index, line: link.line))
            }
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
