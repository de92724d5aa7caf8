import TextTools

/// Builds the navigation tree (ordered by weight, then title; `nav` in `site.toml` orders the top level)
/// and the reading order behind previous/next.
struct BuildNavigation: BuildStep {
    let stage = BuildStage.buildNavigation
    let pages: [Page]
    let navOrder: [(name: String, line: Int?)]
    let display: DisplayPaths

    func run(_ log: BuildLog) -> NavigationTree {
        let tree = NavigationTree(pages: pages, navOrder: navOrder.map(\.name))
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
}
