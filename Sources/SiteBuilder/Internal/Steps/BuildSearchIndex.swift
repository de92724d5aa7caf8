import Foundation

/// Builds the search index: one index per access rule, or per shard of a rule with many pages (see
/// `SearchParts`, `SearchPartFiles`), whose files join the access manifest under that rule. Its layout is
/// worked out before the pages are rendered, so every page can offer it; the parts are indexed in the
/// background while the pages are rendered, and the access manifest waits for them.
///
/// A part whose pages (their URLs, titles, breadcrumbs and Markdown files, and the site's link targets)
/// are as the last build indexed them keeps its files as they are: an edit re-indexes only its own shard.
/// Re-indexing a shard counts the words of only the pages that changed (the build cache keeps what the last
/// build counted, `SearchPartWords`) and writes only their page files; the shard's word files and
/// `index.json` are made again, because every weight depends on the shard's average page length.
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
    let cache: BuildCache
    let writer: OutputWriter
    let display: DisplayPaths

    /// What the stage made: where the parts are, nil when the site is built without search; and the index
    /// itself, being made in the background while the pages are rendered (they need only `layout`).
    struct Output {
        let layout: SearchLayout?
        let indexed: Background<Indexed>
    }

    /// The index once made: the access rules with its files added, and for the build cache, the words of
    /// each part indexed again; or why one of its files could not be written, which fails the build.
    struct Indexed: Sendable {
        let access: SiteAccess
        let words: SearchCacheUpdate
        let failure: Problem?
    }

    /// One shard to index again, with what the last build left of it.
    private struct Job: Sendable {
        /// Its documents, each with the key of its words and, where the cache has them, the words.
        var part: SearchPart
        let wordKeys: [String]
        /// The key of each page's file (`p/N.json`).
        let pageKeys: [String]
        /// The pages whose file the last build wrote from the same key and is intact: kept as it is.
        let keptPages: Set<Int>
        /// The vocabulary the cached words are numbered in, and the last build's page numbers by URL.
        let earlier: SearchPartWords?
        /// The key of the shard's word files and `index.json`.
        let key: String
    }

    /// Lays out the parts and starts making them in the background: an edit's shard is indexed while the
    /// pages are rendered, on the core they leave idle.
    func run(_ log: BuildLog) -> Output {
        let none = Output(layout: nil, indexed: Background(ready: Indexed(access: access, words: .none, failure: nil)))
        guard config.search, options.buildsSearchIndex, !reportsReservedFolder(log) else { return none }
        let outlines = SearchParts.split(outlinePages(), pagesPerShard: options.searchPagesPerShard)
        let progress = log.itemProgress()
        let indexed = Background { [self] in index(outlines, progress: progress) }
        return Output(layout: SearchLayout(outlines), indexed: indexed)
    }

    /// Keeps the files of each part the last build's files still serve, indexes the others again and writes
    /// their files, then adds every file of the index to the access rules.
    private func index(_ parts: [SearchPart], progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?) -> Indexed {
        let keys = concurrentMap(parts) { key(of: $0) }
        // How many word chunks each part has, where its files are kept.
        var chunkCounts = concurrentMap(Array(zip(parts, keys))) { part, key in keptChunkCount(of: part, key: key) }
        let jobNumbers = parts.indices.filter { chunkCounts[$0] == nil }
        let jobs = jobNumbers.map { (part: parts[$0], key: keys[$0]) }
        var words: [String: SearchPartWords] = [:]
        if !jobs.isEmpty {
            let prepared = withContent(concurrentMap(jobs) { job(for: $0.part, key: $0.key) })
            let total = prepared.count
            var counted: (@Sendable (Int) -> Void)?
            if let progress { counted = { done in progress(done, total) } }
            let indexed = concurrentMap(prepared, onProgress: counted) { job in
                SearchPartFiles.index(
                    job.part, vocabulary: job.earlier?.vocabulary ?? [], writesPage: { !job.keptPages.contains($0) })
            }
            do throws(WriteFailure) {
                try write(prepared, indexed)
            } catch {
                return Indexed(access: access, words: .none, failure: Problem(message: error.message))
            }
            for (number, result) in zip(jobNumbers, indexed) { chunkCounts[number] = result.chunkCount }
            for (job, result) in zip(prepared, indexed) {
                words[job.part.folder] = SearchPartWords(
                    vocabulary: result.vocabulary,
                    pages: zip(job.part.documents.indices, result.pages).map { number, words in
                        .init(url: job.part.documents[number].url, key: job.wordKeys[number], words: words)
                    })
            }
        }
        let fileSets = zip(parts, chunkCounts).map { part, chunks in
            SearchPartFiles.FileSet(part: part, chunkCount: chunks ?? 0)
        }
        var access = access
        access.addFiles(
            fileSets.flatMap { set in set.paths.map { ($0, set.ruleNumber) } }, source: "search index",
            key: SearchPartFiles.FileSet.key(of: fileSets))
        return Indexed(
            access: access, words: SearchCacheUpdate(parts: Set(parts.map(\.folder)), indexed: words), failure: nil)
    }

    /// What the last build left of the part: the words it counted in each page whose title and HTML are as
    /// they were, and the page files that stay as they are.
    private func job(for part: SearchPart, key: String) -> Job {
        let earlier = cache.loadSearchWords(of: part.folder)
        let cached = Dictionary((earlier?.pages ?? []).map { ($0.key, $0.words) }) { first, _ in first }
        var part = part
        var wordKeys: [String] = []
        var pageKeys: [String] = []
        var kept: [OutputWriter.KeptFile] = []
        var keptPages: Set<Int> = []
        var documents = part.documents
        for (number, document) in documents.enumerated() {
            let wordKey = wordKey(title: document.title, fingerprint: document.contentHTML)
            wordKeys.append(wordKey)
            pageKeys.append(pageKey(number: number, document: document))
            documents[number].words = cached[wordKey]
            let path = part.folder + "p/\(number).json"
            if documents[number].words != nil, let file = writer.unchanged(path, key: pageKeys[number]) {
                kept.append(file)
                keptPages.insert(number)
            }
        }
        writer.keep(kept)
        part = SearchPart(ruleNumber: part.ruleNumber, shard: part.shard, documents: documents)
        return Job(part: part, wordKeys: wordKeys, pageKeys: pageKeys, keptPages: keptPages, earlier: earlier, key: key)
    }

    /// The key a page's words are counted under: its title and what its HTML is made from.
    private func wordKey(title: String, fingerprint: String) -> String {
        var writer = ByteWriter(capacity: 256)
        writer.string("words \(SearchPartFiles.formatVersion)")
        writer.string(title)
        writer.string(fingerprint)
        writer.string(linkTargets)
        return SHA256.hex(writer.bytes)
    }

    /// The key of a page's file: everything it is made from, its number in the shard included.
    private func pageKey(number: Int, document: SearchDocument) -> String {
        var writer = ByteWriter(capacity: 256)
        writer.string("page \(SearchPartFiles.formatVersion)")
        writer.string(linkTargets)
        writer.int(number)
        writer.string(document.url)
        writer.string(document.title)
        writer.list(document.breadcrumb) { $0.string($1) }
        writer.string(document.contentHTML)
        return SHA256.hex(writer.bytes)
    }

    /// A file of the index that could not be written.
    private struct WriteFailure: Error {
        let message: String
    }

    /// Writes the files the jobs made on all cores: page files under their own keys, the rest under the
    /// shard's.
    private func write(_ jobs: [Job], _ indexed: [SearchPartFiles.Indexed]) throws(WriteFailure) {
        let items = zip(jobs, indexed).flatMap { job, result in
            result.files.map { file in
                (
                    file: file,
                    key: Self.pageNumber(of: file.path, in: job.part.folder).map { job.pageKeys[$0] } ?? job.key
                )
            }
        }
        let writer = writer
        let failures = concurrentMap(items) { item -> String? in
            do {
                try writer.write(item.file.data, to: item.file.path, key: item.key)
                return nil
            } catch {
                return "cannot write \(item.file.path): \(error.localizedDescription)"
            }
        }
        if let failure = failures.lazy.compactMap({ $0 }).first { throw WriteFailure(message: failure) }
    }

    /// The number of the page whose file `path` is (`FOLDER/p/N.json`), nil for any other file.
    private static func pageNumber(of path: String, in folder: String) -> Int? {
        guard path.hasPrefix(folder) else { return nil }
        let name = path.dropFirst(folder.count)
        guard name.hasPrefix("p/"), name.hasSuffix(".json") else { return nil }
        return Int(name.dropFirst("p/".count).dropLast(".json".count))
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

    /// The jobs with the content of each document whose words are not cached or whose page file is written
    /// again: for a page whose HTML this build did not render again (the cache vouched for it), its text in the
    /// page file the last build published for its URL in the same folder, when the record shows that file was
    /// made from this very document (its key) and it is intact; otherwise the page's HTML, rendered again if
    /// need be (it is not kept between builds). So an edit re-indexes its shard without rendering the shard's
    /// other pages, and counts the words of the edited page alone. (A URL alone is not enough: a section
    /// whose index page became a draft keeps its URL but has no text now.)
    private func withContent(_ jobs: [Job]) -> [Job] {
        let pageNumbers = Dictionary(pages.indices.map { (pages[$0].url, $0) }) { first, _ in first }
        return jobs.map { job in
            let needed = job.part.documents.indices.filter { number in
                job.part.documents[number].words == nil || !job.keptPages.contains(number)
            }
            let earlier = earlierTexts(in: job.part.folder, of: needed.map { job.part.documents[$0].url }, job.earlier)
            let filled = concurrentMap(needed) { number in
                let document = job.part.documents[number]
                let page = pageNumbers[document.url].map { pages[$0] }
                let text = earlier[document.url].flatMap { file -> SearchText? in
                    guard page?.html == nil,
                        writer.unchanged(file.path, key: pageKey(number: file.number, document: document)) != nil
                    else { return nil }
                    return file.text
                }
                var filled = SearchDocument(
                    url: document.url, title: document.title, breadcrumb: document.breadcrumb,
                    contentHTML: text == nil ? page.flatMap { bodies.html(of: $0) } ?? "" : "", text: text)
                filled.words = document.words
                return filled
            }
            var documents = job.part.documents
            for (number, document) in zip(needed, filled) { documents[number] = document }
            var job = job
            job.part = SearchPart(ruleNumber: job.part.ruleNumber, shard: job.part.shard, documents: documents)
            return job
        }
    }

    /// A page file the last build published: its path, its number in its shard and its text.
    private struct EarlierPage: Sendable {
        let path: String
        let number: Int
        let text: SearchText
    }

    /// The page file of each of `urls`, by URL, among those the last build published in `folder`: where the
    /// cached words say which file a URL's is, that one; otherwise every page file there. Empty when it
    /// published none there or they cannot be read.
    private func earlierTexts(in folder: String, of urls: [String], _ earlier: SearchPartWords?) -> [String:
        EarlierPage]
    {
        guard !urls.isEmpty else { return [:] }
        let numbers: [Int]
        if let earlier {
            let byURL = Dictionary(earlier.pages.indices.map { (earlier.pages[$0].url, $0) }) { first, _ in first }
            numbers = urls.compactMap { byURL[$0] }
        } else {
            numbers = (previous?.files.keys).map { $0.compactMap { Self.pageNumber(of: $0, in: folder) } } ?? []
        }
        let outputFolder = writer.outputFolder
        let read = concurrentMap(numbers) { number -> (String, EarlierPage)? in
            let path = folder + "p/\(number).json"
            guard let data = FileManager.default.contents(atPath: DisplayPaths.join(outputFolder, path)),
                let page = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let url = page["url"] as? String, let sections = page["sections"] as? [[String]],
                sections.allSatisfy({ $0.count == 3 })
            else { return nil }
            let text = SearchText(sections: sections.map { .init(anchor: $0[0], heading: $0[1], text: $0[2]) })
            return (url, EarlierPage(path: path, number: number, text: text))
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
    /// Markdown file's digest (every key made from it adds the site's link targets, `linkTargets`).
    private func fingerprint(of index: Int) -> String {
        pages[index].fileDigest ?? "none"
    }

    /// The key of a part's files in the build record: the index format and the part's documents, as
    /// `fingerprint` stands for their HTML.
    private func key(of part: SearchPart) -> String {
        var writer = ByteWriter(capacity: 200 * part.documents.count)
        writer.string("search \(SearchPartFiles.formatVersion)")
        writer.string(linkTargets)
        writer.list(part.documents) { writer, document in
            writer.string(document.url)
            writer.string(document.title)
            writer.list(document.breadcrumb) { $0.string($1) }
            writer.string(document.contentHTML)
        }
        return SHA256.hex(writer.bytes)
    }

    /// How many word chunks the part has when the last build made its `index.json` from the same key (which
    /// covers every page of the part, so its files are those indexing it makes) and every one of its files is
    /// intact, so they are kept; nil when the part must be indexed again.
    private func keptChunkCount(of part: SearchPart, key: String) -> Int? {
        guard let files = previous?.files, files[part.folder + "index.json"]?.key == key else { return nil }
        var chunkCount = 0
        while files[part.folder + "w/\(chunkCount).json"] != nil { chunkCount += 1 }
        let set = SearchPartFiles.FileSet(part: part, chunkCount: chunkCount)
        var kept: [OutputWriter.KeptFile] = []
        kept.reserveCapacity(set.paths.count)
        for path in set.paths {
            guard let file = writer.intact(path) else { return nil }
            kept.append(file)
        }
        writer.keep(kept)
        return chunkCount
    }

}
