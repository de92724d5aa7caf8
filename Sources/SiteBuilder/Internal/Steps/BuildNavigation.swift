import TextTools

/// Builds the navigation tree (ordered by weight, then a folder's `_category_.json` or the outline, a book's
/// `SUMMARY.md` or MkDocs's `nav`, then title; `nav` in `site.toml` orders the top level) and the reading order
/// behind previous/next.
struct BuildNavigation: BuildStep {
    let stage = BuildStage.buildNavigation
    let pages: [Page]
    let navOrder: [(name: String, line: Int?)]
    /// The order a book's `SUMMARY.md` or MkDocs's `nav` gives the pages.
    let outline: NavigationOutline?
    /// The position each folder's `_category_.json` gives it, by the folder's path.
    let folderPositions: [String: Double]
    /// Markdown files left out as drafts, which a book's summary may name.
    let drafts: Set<String>
    let display: DisplayPaths

    func run(_ log: BuildLog) -> NavigationTree {
        let tree = NavigationTree(
            pages: pages, navOrder: navOrder.map(\.name), outlineOrder: outlineOrder(log),
            folderPositions: folderPositions)
        let topLevelNames = Set(tree.children[tree.home].map { pages[$0].source.name })
        for entry in navOrder where !topLevelNames.contains(entry.name) {
            let known = topLevelNames.sorted().map { "'\($0)'" }.joined(separator: ", ")
            let guess = ClosestName.suggestion(for: entry.name, among: topLevelNames.sorted())
            let message =
                "nav entry '\(entry.name)' names no top-level folder or page\(guess); the top level has \(known)"
            log.report(Problem(file: display.site("site.toml"), line: entry.line, message: message))
        }
        return tree
    }

    /// The position of each page the outline names; naming no page is a broken link.
    private func outlineOrder(_ log: BuildLog) -> [String: Int] {
        guard let outline else { return [:] }
        let paths = Set(pages.map(\.source.path))
        var order: [String: Int] = [:]
        for entry in outline.entries {
            guard paths.contains(entry.path) else {
                if !drafts.contains(entry.path) {
                    let message =
                        "'\(entry.path)' is no page of the site, so the navigation's order passes it by; link to a "
                        + "page, or add the page"
                    log.report(Problem(file: outline.file, line: entry.line, message: message, isBrokenLink: true))
                }
                continue
            }
            order[entry.path] = order.count + 1
        }
        return order
    }
}
