import Foundation

/// Builds the search index before pages are rendered, so every page can offer it: one Pagefind index per
/// access rule, or per shard of a rule with many pages (see `SearchParts`, `SearchIndex`), whose files join
/// the access manifest under that rule.
/// Without a Pagefind binary the site is built without search, with a warning that says how to get one.
///
/// A part whose pages (their URLs, titles, breadcrumbs and Markdown files, and the site's link targets)
/// are as the last build indexed them keeps its files as they are: an edit re-indexes only its own shard.
struct BuildSearchIndex: BuildStep {
    let stage = BuildStage.buildSearchIndex
    let pages: [Page]
    let assets: [AssetFile]
    let bodies: PageBodies
    let tree: NavigationTree
    let access: SiteAccess
    let config: SiteConfig
    let options: BuildOptions
    /// The digest of the site's link targets, on which every page's HTML depends; see `LinkIndex.digest`.
    let linkTargets: String
    let previous: BuildRecord?
    let writer: OutputWriter
    let display: DisplayPaths

    static let missingPagefind =
        "pagefind was not found on PATH, so the site was built without search. Install it with "
        + "'pip install pagefind-bin==1.5.2' and pass its binary with --pagefind PATH (python3 -m pagefind_bin "
        + "runs it; 'make venv' links it as .venv/bin/pagefind), or set search = false in site.toml"

    /// The access rules with the index's files added, and where the parts are; no layout when the site is
    /// built without search.
    func run(_ log: BuildLog) -> (access: SiteAccess, searchLayout: SearchLayout?) {
        guard config.search, options.buildsSearchIndex, let pagefind = locatePagefind(log) else {
            return (access, nil)
        }
        guard !reportsReservedFolder(log) else { return (access, nil) }
        let outlines = SearchParts.split(
            searchablePages { index in fingerprint(of: index) }, pagesPerShard: options.searchPagesPerShard)
        let layout = SearchLayout(outlines)
        let tool = pagefind.fingerprint
        let keys = Dictionary(
            uniqueKeysWithValues: outlines.map { ($0.folder, key(of: $0, layout: layout, tool: tool)) })
        var reindexed: Set<String> = []
        var files: [(outputPath: String, ruleNumber: Int)] = []
        for part in outlines {
            if let kept = keptFiles(of: part, key: keys[part.folder] ?? "") {
                files += kept.map { ($0, part.ruleNumber) }
            } else {
                reindexed.insert(part.folder)
            }
        }
        var access = access
        do throws(Pagefind.Failure) {
            if !reindexed.isEmpty {
                try pagefind.checkVersion()
                let numbers = Set(outlines.filter { reindexed.contains($0.folder) }.map(\.ruleNumber))
                let parts = SearchParts.split(
                    searchablePages(only: numbers) { index in bodies.html(of: pages[index]) ?? "" },
                    pagesPerShard: options.searchPagesPerShard
                ).filter { reindexed.contains($0.folder) }
                let indexer = SearchIndexer(pagefind: pagefind, language: config.language)
                let index = try indexer.index(parts, layout: layout, onProgress: log.itemProgress(total: parts.count))
                for folder in index.files.keys.sorted() {
                    for file in index.files[folder] ?? [] {
                        try write(file, key: keys[folder] ?? "")
                        files.append((file.path, file.ruleNumber))
                    }
                }
            }
        } catch {
            log.report(Problem(message: "\(error.message); or set search = false in site.toml"))
            return (access, nil)
        }
        access.addFiles(files, source: "search index")
        return (access, layout)
    }

    private func locatePagefind(_ log: BuildLog) -> Pagefind? {
        guard let path = options.pagefind else {
            let found = Pagefind.onPath()
            if found == nil { log.warn(Problem(message: Self.missingPagefind)) }
            return found
        }
        guard let pagefind = Pagefind.at(path) else {
            log.report(Problem(message: "--pagefind \(path): there is no executable file at this path"))
            return nil
        }
        return pagefind
    }

    /// The index is published in `_search/`; a page or file of the site there would be mixed into it.
    private func reportsReservedFolder(_ log: BuildLog) -> Bool {
        let clashes =
            pages.filter { $0.source.kind != .implicitSection && $0.source.outputPath.hasPrefix(SearchIndex.folder) }
            .map { display.site($0.source.path) }
            + assets.filter { $0.outputPath.hasPrefix(SearchIndex.folder) }.map(\.sourcePath)
        for file in clashes {
            let message =
                "the folder \(SearchIndex.folder) is where the search index is published; move this file out of it"
                + " or set search = false in site.toml"
            log.report(Problem(file: file, message: message))
        }
        return !clashes.isEmpty
    }

    /// Every page as the index is given it, or only the pages whose rule number is in `numbers`, with the
    /// content `content` gives for each page's index.
    private func searchablePages(only numbers: Set<Int>? = nil, content: @Sendable (Int) -> String)
        -> [SearchablePage]
    {
        let chosen = pages.indices.filter { numbers?.contains(access.pageRuleNumbers[$0]) ?? true }
        return concurrentMap(chosen) { index in
            let sections = tree.ancestors(of: index).dropFirst().map { section in
                SearchablePage.Section(title: pages[section].title, rule: access.pageRules[section].rule)
            }
            return SearchablePage(
                url: pages[index].url, title: pages[index].title, contentHTML: content(index),
                rule: access.pageRules[index].rule, ruleNumber: access.pageRuleNumbers[index], sections: sections)
        }
    }

    /// What a page's HTML is made from, standing in for the HTML when parts are only compared: its
    /// Markdown file's digest and the site's link targets.
    private func fingerprint(of index: Int) -> String {
        "\(pages[index].fileDigest ?? "none") \(linkTargets)"
    }

    /// The key of a part's files in the build record: its documents, as `fingerprint` stands for their
    /// HTML, the site's language, the Pagefind binary, and the number of shards of its rule (which sets
    /// Pagefind's chunk size).
    private func key(of part: SearchPart, layout: SearchLayout, tool: String) -> String {
        var writer = ByteWriter()
        writer.string(tool)
        writer.string(config.language)
        writer.string(String(layout.shardCounts[part.ruleNumber] ?? 1))
        writer.list(part.documents) { writer, document in
            writer.string(document.url)
            writer.string(document.title)
            writer.list(document.breadcrumb) { $0.string($1) }
            writer.string(document.contentHTML)
        }
        return SHA256.hex(writer.bytes)
    }

    /// The paths of the part's files when the last build made them from the same key and every one of
    /// them is intact, so they are kept; nil when the part must be indexed again.
    private func keptFiles(of part: SearchPart, key: String) -> [String]? {
        let recorded = (previous?.files ?? [:]).filter { $0.key.hasPrefix(part.folder) }
        guard !recorded.isEmpty, recorded.values.allSatisfy({ $0.key == key }) else { return nil }
        let paths = recorded.keys.sorted()
        return paths.allSatisfy { writer.keepIfUnchanged($0, key: key) } ? paths : nil
    }

    private func write(_ file: SearchIndex.File, key: String) throws(Pagefind.Failure) {
        do {
            try writer.write(file.data, to: file.path, key: key)
        } catch {
            throw Pagefind.Failure(message: "cannot write \(file.path): \(error.localizedDescription)")
        }
    }
}
