import Foundation

/// Builds the search index before pages are rendered, so every page can offer it: one index per access rule,
/// or per shard of a rule with many pages (see `SearchParts`, `SearchIndex`), whose files join the access
/// manifest under that rule.
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

    /// The access rules with the index's files added, and where the parts are; no layout when the site is
    /// built without search.
    func run(_ log: BuildLog) -> (access: SiteAccess, searchLayout: SearchLayout?) {
        guard config.search, options.buildsSearchIndex else { return (access, nil) }
        guard !reportsReservedFolder(log) else { return (access, nil) }
        let outlines = SearchParts.split(outlinePages(), pagesPerShard: options.searchPagesPerShard)
        let layout = SearchLayout(outlines)
        let keys = Dictionary(uniqueKeysWithValues: outlines.map { ($0.folder, key(of: $0)) })
        var reindexed: Set<String> = []
        var files: [(outputPath: String, ruleNumber: Int)] = []
        for part in outlines {
            if let kept = keptFiles(of: part, key: keys[part.folder] ?? "") {
                files += kept.map { ($0, part.ruleNumber) }
            } else {
                reindexed.insert(part.folder)
            }
        }
        if !reindexed.isEmpty {
            let parts = withContent(outlines.filter { reindexed.contains($0.folder) })
            let index = SearchIndexer.index(parts, onProgress: log.itemProgress(total: parts.count))
            let written = index.files.keys.sorted().flatMap { folder in
                (index.files[folder] ?? []).map { (file: $0, key: keys[folder] ?? "") }
            }
            let writer = writer
            let failures = concurrentMap(written) { item -> String? in
                do {
                    try writer.write(item.file.data, to: item.file.path, key: item.key)
                    return nil
                } catch {
                    return "cannot write \(item.file.path): \(error.localizedDescription)"
                }
            }
            if let failure = failures.lazy.compactMap({ $0 }).first {
                log.report(Problem(message: failure))
                return (access, nil)
            }
            files += written.map { ($0.file.path, $0.file.ruleNumber) }
        }
        var access = access
        access.addFiles(files, source: "search index")
        return (access, layout)
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

    /// `outlines` with each document's stand-in content replaced by the page's text: for a page whose HTML
    /// this build did not render again (the cache vouched for it), the text the last build's index of the
    /// same part holds for it; otherwise the page's HTML, rendered again if need be (it is not kept between
    /// builds). So an edit re-indexes its shard without rendering the shard's other pages.
    private func withContent(_ outlines: [SearchPart]) -> [SearchPart] {
        let pageNumbers = Dictionary(pages.indices.map { (pages[$0].url, $0) }) { first, _ in first }
        return outlines.map { part in
            let earlier = earlierTexts(in: part.folder)
            let documents = concurrentMap(part.documents) { document in
                let page = pageNumbers[document.url].map { pages[$0] }
                let text = page?.html == nil ? earlier[document.url] : nil
                return SearchDocument(
                    url: document.url, title: document.title, breadcrumb: document.breadcrumb,
                    contentHTML: text == nil ? page.flatMap { bodies.html(of: $0) } ?? "" : "", text: text)
            }
            return SearchPart(ruleNumber: part.ruleNumber, shard: part.shard, documents: documents)
        }
    }

    /// The text of each page, by URL, in the page files the last build published in `folder`; empty when it
    /// published none there or they cannot be read.
    private func earlierTexts(in folder: String) -> [String: SearchText] {
        let paths = (previous?.files.keys).map { $0.filter { $0.hasPrefix(folder + "p/") } } ?? []
        let outputFolder = writer.outputFolder
        let read = concurrentMap(paths) { path -> (String, SearchText)? in
            guard let data = FileManager.default.contents(atPath: DisplayPaths.join(outputFolder, path)),
                let page = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let url = page["url"] as? String, let sections = page["sections"] as? [[String]],
                sections.allSatisfy({ $0.count == 3 })
            else { return nil }
            return (url, SearchText(sections: sections.map { .init(anchor: $0[0], heading: $0[1], text: $0[2]) }))
        }
        return Dictionary(read.compactMap { $0 }) { first, _ in first }
    }

    /// Every page as the index is given it, with `fingerprint` standing in for its HTML, so that parts can
    /// be compared with the last build's before any page is rendered for them.
    private func outlinePages() -> [SearchablePage] {
        concurrentMap(Array(pages.indices)) { index in
            let sections = tree.ancestors(of: index).dropFirst().map { section in
                SearchablePage.Section(title: pages[section].title, rule: access.pageRules[section].rule)
            }
            return SearchablePage(
                url: pages[index].url, title: pages[index].title, contentHTML: fingerprint(of: index),
                rule: access.pageRules[index].rule, ruleNumber: access.pageRuleNumbers[index], sections: sections)
        }
    }

    /// What a page's HTML is made from, standing in for the HTML when parts are only compared: its
    /// Markdown file's digest and the site's link targets.
    private func fingerprint(of index: Int) -> String {
        "\(pages[index].fileDigest ?? "none") \(linkTargets)"
    }

    /// The key of a part's files in the build record: the index format and the part's documents, as
    /// `fingerprint` stands for their HTML.
    private func key(of part: SearchPart) -> String {
        var writer = ByteWriter()
        writer.string("search \(SearchPartFiles.formatVersion)")
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

}
