/// Plans the search index (see `SearchPlan`): one index per access rule, or per shard of a rule with many
/// pages (see `SearchParts`, `SearchPartFiles`), laid out before the pages are rendered, so every page can
/// offer it. A part whose pages (their URLs, titles, breadcrumbs and the HTML of their Markdown) are as the
/// last build indexed them keeps its files as they are: an edit re-indexes only its own
/// shard, which `SearchIndexer` does while the pages are rendered. Nil for a site built without search.
struct PlanSearchIndex: BuildStep {
    let stage = BuildStage.buildSearchIndex
    let pages: [Page]
    let assets: [AssetFile]
    let tree: NavigationTree
    let access: SiteAccess
    let config: SiteConfig
    let options: BuildOptions
    let output: OutputFolder
    let display: DisplayPaths

    func run(_ log: BuildLog) -> SearchPlan? {
        guard config.search, options.buildsSearchIndex, !reportsReservedFolder(log) else { return nil }
        let parts = SearchParts.split(outlinePages(), pagesPerShard: options.searchPagesPerShard)
        let partKeys = concurrentMap(parts) { SearchKeys.part($0) }
        let output = output
        let kept = concurrentMap(Array(zip(parts, partKeys))) { part, key in
            Self.keptFiles(of: part, key: key, output: output)
        }
        let pageNumbers = Dictionary(pages.indices.map { (pages[$0].url, $0) }) { first, _ in first }
        var pagesToIndex: Set<Int> = []
        for (part, kept) in zip(parts, kept) where kept == nil {
            for document in part.documents {
                if let number = pageNumbers[document.url] { pagesToIndex.insert(number) }
            }
        }
        return SearchPlan(
            layout: SearchLayout(parts), parts: parts, partKeys: partKeys, kept: kept, pagesToIndex: pagesToIndex,
            pageNumbers: pageNumbers)
    }

    /// The index is published in `_search/`; a page or file of the site there would be mixed into it.
    private func reportsReservedFolder(_ log: BuildLog) -> Bool {
        let clashes =
            pages.filter { $0.source.kind != .implicitSection && SearchIndex.holds($0.source.outputPath) }
            .map { display.site($0.source.path) }
            + assets.filter { SearchIndex.holds($0.outputPath) }.map(\.sourcePath)
        for file in clashes {
            let message =
                "the folder \(SearchIndex.folder) is where the search index is published; move this file out of it"
                + " or set search = false in site.toml"
            log.report(Problem(file: file, message: message))
        }
        return !clashes.isEmpty
    }

    /// Every page as the index is given it, with the digest of its Markdown's HTML standing in for the HTML, so
    /// that parts can be compared with the last build's before any page is rendered for them.
    private func outlinePages() -> [SearchablePage] {
        concurrentMap(Array(pages.indices)) { index in
            let sections = tree.ancestors(of: index).dropFirst().map { section in
                SearchablePage.Section(title: pages[section].title, rule: access.pageRules[section].rule)
            }
            return SearchablePage(
                url: pages[index].url, title: pages[index].title, contentHTML: pages[index].markdown.contentDigest.hex,
                rule: access.pageRules[index].rule, ruleID: access.ruleID(ofPage: index),
                sections: sections)
        }
    }

    /// The part's files, kept, when the last build made its `index.json` from the same key (which covers every
    /// page of the part, so its files are those indexing it makes) and every one of them is intact; nil when
    /// the part must be indexed again.
    private static func keptFiles(of part: SearchPart, key: String, output: OutputFolder) -> SearchPlan.KeptPart? {
        let files = output.previous
        guard files[part.folder + "index.json"]?.key == key else { return nil }
        var chunkCount = 0
        while files[part.folder + "w/\(chunkCount).json"] != nil { chunkCount += 1 }
        let set = SearchPartFiles.FileSet(part: part, chunkCount: chunkCount)
        var kept: [OutputFile] = []
        kept.reserveCapacity(set.paths.count)
        for path in set.paths {
            guard let file = output.intact(path) else { return nil }
            kept.append(file)
        }
        return SearchPlan.KeptPart(chunkCount: chunkCount, files: kept)
    }
}
