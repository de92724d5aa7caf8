/// Builds the navigation tree (ordered by weight, then title; `nav` in `site.toml` orders the top level)
/// and the reading order behind previous/next.
struct BuildNavigation: BuildStep {
    let stage = BuildStage.buildNavigation

    func run(_ build: BuildState) {
        let navOrder = build.config.navOrder
        let tree = NavigationTree(pages: build.pages, navOrder: navOrder.map(\.name))
        build.tree = tree
        let topLevelNames = Set(tree.children[tree.home].map { build.pages[$0].source.name })
        for entry in navOrder where !topLevelNames.contains(entry.name) {
            let known = topLevelNames.sorted().map { "'\($0)'" }.joined(separator: ", ")
            let message = "nav entry '\(entry.name)' names no top-level folder or page; the top level has \(known)"
            build.report(Problem(file: build.display.site("site.toml"), line: entry.line, message: message))
        }
    }
}
