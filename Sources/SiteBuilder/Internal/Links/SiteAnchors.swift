/// Every page's `PageAnchors` by source path (`guide/setup.md`), known once every page is rendered: what links
/// to headings of other pages are checked against, and which heading such a link leads to when it names one
/// by MkDocs's id (`setup.md#set-up-nginx` for "Set up -- nginx", whose id is `set-up----nginx`). The table is made
/// when a link to another page's heading first asks it: after a page is added or edited in a session, often never.
struct SiteAnchors: Sendable {
    private let pages: [Page]
    private let table = LazyValue<[String: PageAnchors]>()

    init(pages: [Page]) {
        self.pages = pages
    }

    private var byPath: [String: PageAnchors] {
        table.value {
            var byPath: [String: PageAnchors] = [:]
            byPath.reserveCapacity(pages.count)
            for page in pages { byPath[page.source.path] = page.markdown.anchors }
            return byPath
        }
    }

    /// The anchors of the page at source path `path`; none when no page is there.
    func of(_ path: String) -> PageAnchors {
        byPath[path] ?? PageAnchors()
    }

    /// Whether one of a summary's `links` names a heading of a page in `paths` (source paths).
    func linksInto(_ paths: Set<String>, from links: [ResolvedLink]) -> Bool {
        guard !paths.isEmpty else { return false }
        return links.withUnsafeBufferPointer { links in
            links.indices.contains { number in
                guard case .rewritten(_, .anchor(let target, _)?) = links[number].resolution else { return false }
                return paths.contains(target)
            }
        }
    }

    /// The heading ids the links of `summary` are to be written with, by link number — one for each link to a
    /// heading of another page that names it by MkDocs's id — or nil when its links were written with exactly
    /// those (`ResolvedLink.heading`). Pages are rendered before the headings of others are known, so
    /// "Render Markdown" renders a page again when this is not nil.
    func changedLinkHeadings(of summary: MarkdownSummary) -> [Int: String]? {
        // Most pages link to no heading of another page: nothing to look up.
        guard summary.linksToHeadings else { return nil }
        var headings: [Int: String] = [:]
        var changed = false
        for (number, link) in summary.links.enumerated() {
            var heading: String?
            if case .rewritten(_, .anchor(let target, let id)?) = link.resolution, let anchors = byPath[target],
                !anchors.ids.contains(id)
            {
                heading = anchors.mkdocsIDs[id]
                headings[number] = heading
            }
            changed = changed || heading != link.heading
        }
        return changed ? headings : nil
    }
}
