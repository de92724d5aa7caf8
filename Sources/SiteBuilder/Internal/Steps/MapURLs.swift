/// Leaves out drafts, adds a section page for every folder without one, and claims each page's
/// and alias's output file, so two sources for one URL are reported with both their names.
struct MapURLs: BuildStep {
    let stage = BuildStage.mapURLs

    func run(_ build: BuildState) {
        var kept: [Page] = []
        for page in build.pages {
            if page.frontMatter.isDraft && !build.options.includeDrafts {
                build.drafts.insert(page.source.path)
                if page.source.kind == .section { build.draftSections.append(page) }
            } else {
                kept.append(page)
            }
        }
        let sources = SiteContent.addingImplicitSections(to: kept.map(\.source))
        let rootURL = build.config.rootURL
        build.pages = kept + sources.dropFirst(kept.count).map { Page(source: $0, rootURL: rootURL) }
        claimOutputs(build)
    }

    private func claimOutputs(_ build: BuildState) {
        for page in build.pages {
            let owner =
                page.source.kind == .implicitSection
                ? "the folder \(build.display.site(page.source.folder))/" : build.display.site(page.source.path)
            if let problem = build.claims.claim(page.source.outputPath, by: owner, url: page.url) {
                build.report(problem)
            }
            for alias in page.frontMatter.aliases {
                let file = build.display.site(page.source.path)
                guard let path = Aliases.outputPath(for: alias.value) else {
                    let message = "alias '\(alias.value)' must be a path inside the site, e.g. /old/setup/"
                    build.report(Problem(file: file, line: alias.line, message: message))
                    continue
                }
                let owner = "the alias '\(alias.value)' in \(file)"
                let url = build.config.rootURL + (path.hasSuffix("index.html") ? String(path.dropLast(10)) : path)
                if var problem = build.claims.claim(path, by: owner, url: url) {
                    problem.file = file
                    problem.line = alias.line
                    build.report(problem)
                }
            }
        }
    }
}
