import Foundation

/// Indexes the parts of the search index that `SearchPlan` did not keep, in the background while the pages
/// are rendered, on the core they leave idle; returns every file of the index (kept or staged) and the files
/// to add to the access manifest, as values.
///
/// Re-indexing a shard counts the words of only the pages that changed (the build cache keeps what the last
/// build counted, `SearchPartWords`) and stages only their page files; the shard's word files and
/// `index.json` are made again, because every weight depends on the shard's average page length.
struct SearchIndexer: Sendable {
    let plan: SearchPlan
    let pages: [Page]
    let html: PageHTML
    let cache: BuildCache
    let output: OutputFolder

    /// The index once made: its files, what it adds to the access manifest, and for the build cache, the words
    /// of each part indexed again; or why one of its files could not be staged, which fails the build.
    struct Indexed: Sendable {
        let files: [OutputFile]
        let rules: SearchFileRules
        let words: SearchCacheUpdate
        let failure: Problem?

        /// A site built without search.
        static let none = Indexed(files: [], rules: .none, words: .none, failure: nil)
    }

    /// One shard to index again, with what the last build left of it.
    private struct Job: Sendable {
        /// Its documents, each with the key of its words and, where the cache has them, the words.
        var part: SearchPart
        let wordKeys: [String]
        /// The key of each page's file (`p/N.json`).
        let pageKeys: [String]
        /// The page files the last build wrote from the same key and are intact, by page number: kept as they are.
        let keptPages: [Int: OutputFile]
        /// The vocabulary the cached words are numbered in, and the last build's page numbers by URL.
        let earlier: SearchPartWords?
        /// The key of the shard's word files and `index.json`.
        let key: String
    }

    /// Keeps the files of each part the plan kept, indexes the others again and stages their files.
    func index(progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?) -> Indexed {
        var chunkCounts = plan.kept.map { $0?.chunkCount }
        var files = plan.kept.flatMap { $0?.files ?? [] }
        let jobNumbers = plan.partsToIndex
        var words: [String: SearchPartWords] = [:]
        if !jobNumbers.isEmpty {
            let prepared = withContent(concurrentMap(jobNumbers) { job(for: plan.parts[$0], key: plan.partKeys[$0]) })
            let total = prepared.count
            var counted: (@Sendable (Int) -> Void)?
            if let progress { counted = { done in progress(done, total) } }
            let indexed = concurrentMap(prepared, onProgress: counted) { job in
                SearchPartFiles.index(
                    job.part, vocabulary: job.earlier?.vocabulary ?? [], writesPage: { job.keptPages[$0] == nil })
            }
            files += prepared.flatMap { $0.keptPages.values }
            do throws(Failure) {
                files += try stage(prepared, indexed)
            } catch {
                return Indexed(files: [], rules: .none, words: .none, failure: Problem(message: error.message))
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
        let fileSets = zip(plan.parts, chunkCounts).map { part, chunks in
            SearchPartFiles.FileSet(part: part, chunkCount: chunks ?? 0)
        }
        return Indexed(
            files: files, rules: SearchFileRules(fileSets),
            words: SearchCacheUpdate(
                parts: Set(plan.parts.map(\.folder)), indexed: words), failure: nil)
    }

    /// What the last build left of the part: the words it counted in each page whose title and HTML are as
    /// they were, and the page files that stay as they are.
    private func job(for part: SearchPart, key: String) -> Job {
        let earlier = cache.loadSearchWords(of: part.folder)
        let cached = Dictionary((earlier?.pages ?? []).map { ($0.key, $0.words) }) { first, _ in first }
        var wordKeys: [String] = []
        var pageKeys: [String] = []
        var keptPages: [Int: OutputFile] = [:]
        var documents = part.documents
        for (number, document) in documents.enumerated() {
            let wordKey = SearchKeys.words(title: document.title, fingerprint: document.contentHTML)
            wordKeys.append(wordKey)
            pageKeys.append(SearchKeys.page(number: number, document: document))
            documents[number].words = cached[wordKey]
            let path = part.folder + "p/\(number).json"
            if documents[number].words != nil, let file = output.unchanged(path, key: pageKeys[number]) {
                keptPages[number] = file
            }
        }
        return Job(
            part: SearchPart(ruleID: part.ruleID, shard: part.shard, documents: documents),
            wordKeys: wordKeys, pageKeys: pageKeys, keptPages: keptPages, earlier: earlier, key: key)
    }

    /// A file of the index that could not be staged.
    private struct Failure: Error {
        let message: String
    }

    /// Stages the files the jobs made on all cores: page files under their own keys, the rest under the shard's.
    private func stage(_ jobs: [Job], _ indexed: [SearchPartFiles.Indexed]) throws(Failure) -> [OutputFile] {
        let items = zip(jobs, indexed).flatMap { job, result in
            result.files.map { file in
                (
                    file: file,
                    key: EarlierSearchPages.pageNumber(of: file.path, in: job.part.folder).map { job.pageKeys[$0] }
                        ?? job.key
                )
            }
        }
        let output = output
        let staged = concurrentMap(items) { item -> Result<OutputFile, Failure> in
            do {
                return .success(try output.stage(item.file.data, as: item.file.path, key: item.key))
            } catch {
                return .failure(Failure(message: "cannot write \(item.file.path): \(error.systemReason)"))
            }
        }
        return try staged.map { result throws(Failure) in try result.get() }
    }

    /// The jobs with the content of each document whose words are not cached or whose page file is staged
    /// again: for a page whose HTML this build did not render (the cache vouched for it), its text in the page
    /// file the last build published for its URL in the same folder, when the record shows that file was made
    /// from this very document (its key) and it is intact; otherwise the page's HTML from `PageHTML`. So an edit
    /// re-indexes its shard without rendering the shard's other pages, and counts the words of the edited page
    /// alone. (A URL alone is not enough: a section whose index page became a draft keeps its URL but has no
    /// text now.)
    private func withContent(_ jobs: [Job]) -> [Job] {
        let pageNumbers = plan.pageNumbers
        return jobs.map { job in
            let needed = job.part.documents.indices.filter { number in
                job.part.documents[number].words == nil || job.keptPages[number] == nil
            }
            let earlier = EarlierSearchPages.read(
                in: job.part.folder, of: needed.map { job.part.documents[$0].url }, words: job.earlier, output: output)
            let filled = concurrentMap(needed) { number in
                let document = job.part.documents[number]
                let pageNumber = pageNumbers[document.url]
                let text = earlier[document.url].flatMap { file -> SearchText? in
                    guard pageNumber.map({ pages[$0].html == nil }) ?? true,
                        output.unchanged(file.path, key: SearchKeys.page(number: file.number, document: document))
                            != nil
                    else { return nil }
                    return file.text
                }
                var filled = SearchDocument(
                    url: document.url, title: document.title, breadcrumb: document.breadcrumb,
                    contentHTML: text == nil ? pageNumber.flatMap { html.html(of: $0) } ?? "" : "", text: text)
                filled.words = document.words
                return filled
            }
            var documents = job.part.documents
            for (number, document) in zip(needed, filled) { documents[number] = document }
            var job = job
            job.part = SearchPart(ruleID: job.part.ruleID, shard: job.part.shard, documents: documents)
            return job
        }
    }
}

/// The search index's files, each under the access rule of its part: what the index adds to the access
/// manifest (see `SiteAccess.addFiles`), with a key naming exactly these paths and rule ids.
struct SearchFileRules: Sendable {
    let files: [(outputPath: String, ruleID: String)]
    let key: String

    /// No index, nothing added.
    static let none = SearchFileRules(files: [], key: "")

    init(_ sets: [SearchPartFiles.FileSet]) {
        files = sets.flatMap { set in set.paths.map { ($0, set.ruleID) } }
        key = SearchPartFiles.FileSet.key(of: sets)
    }

    private init(files: [(outputPath: String, ruleID: String)], key: String) {
        self.files = files
        self.key = key
    }
}

extension SiteAccess {
    /// These access rules with the search index's files added under the rules of their parts.
    func adding(_ search: SearchFileRules) -> SiteAccess {
        var access = self
        access.addFiles(search.files, source: "search index", key: search.key)
        return access
    }
}
