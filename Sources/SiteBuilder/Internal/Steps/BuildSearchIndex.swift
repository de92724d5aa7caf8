/// Builds the search index before pages are rendered, so every page can offer it: one Pagefind index per
/// access rule (see `SearchParts`, `SearchIndex`), whose files join the access manifest under that rule.
/// Without a Pagefind binary the site is built without search, with a warning that says how to get one.
struct BuildSearchIndex: BuildStep {
    let stage = BuildStage.buildSearchIndex
    /// It makes files of the output, so it is skipped, with its Pagefind runs, once the build has errors.
    let writesOutput = true

    static let missingPagefind =
        "pagefind was not found on PATH, so the site was built without search. Install it with "
        + "'pip install pagefind-bin==1.5.2' and pass its binary with --pagefind PATH (python3 -m pagefind_bin "
        + "runs it; 'make venv' links it as .venv/bin/pagefind), or set search = false in site.toml"

    func run(_ build: BuildState) {
        guard build.config.search, build.options.buildsSearchIndex, let tree = build.tree, var access = build.access
        else { return }
        guard let pagefind = locatePagefind(build) else { return }
        if reportsReservedFolder(build) { return }
        let pages = build.pages.indices.map { index in
            let page = build.pages[index]
            let sections = tree.ancestors(of: index).dropFirst().map { section in
                SearchablePage.Section(title: build.pages[section].title, rule: access.pageRules[section].rule)
            }
            return SearchablePage(
                url: page.url, title: page.title, contentHTML: page.contentHTML, rule: access.pageRules[index].rule,
                ruleNumber: access.pageRuleNumbers[index], sections: sections)
        }
        let parts = SearchParts.split(pages)
        do throws(Pagefind.Failure) {
            try pagefind.checkVersion()
            let indexer = SearchIndexer(pagefind: pagefind, language: build.config.language)
            let index = try indexer.index(parts, onProgress: build.itemProgress(total: parts.count))
            access.addFiles(index.files.map { ($0.path, $0.ruleNumber) }, source: "search index")
            build.access = access
            build.searchIndex = index
        } catch {
            build.report(Problem(message: "\(error.message); or set search = false in site.toml"))
        }
    }

    private func locatePagefind(_ build: BuildState) -> Pagefind? {
        guard let path = build.options.pagefind else {
            let found = Pagefind.onPath()
            if found == nil { build.reportWarning(Problem(message: Self.missingPagefind)) }
            return found
        }
        guard let pagefind = Pagefind.at(path) else {
            build.report(Problem(message: "--pagefind \(path): there is no executable file at this path"))
            return nil
        }
        return pagefind
    }

    /// The index is published in `_search/`; a page or file of the site there would be mixed into it.
    private func reportsReservedFolder(_ build: BuildState) -> Bool {
        let pages = build.pages.filter { $0.source.kind != .implicitSection }
            .filter { $0.source.outputPath.hasPrefix(SearchIndex.folder) }.map { build.display.site($0.source.path) }
        let assets = build.assets.filter { $0.outputPath.hasPrefix(SearchIndex.folder) }.map(\.sourcePath)
        let clashes = pages + assets
        for file in clashes {
            let message =
                "the folder \(SearchIndex.folder) is where the search index is published; move this file out of it"
                + " or set search = false in site.toml"
            build.report(Problem(file: file, message: message))
        }
        return !clashes.isEmpty
    }
}
