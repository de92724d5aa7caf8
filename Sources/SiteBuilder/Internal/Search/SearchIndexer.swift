import Foundation

/// Builds the search index: each part's (shard's) documents are written as HTML pages into a folder of their
/// own, Pagefind indexes each folder on its own, and the results are read back as the files to publish.
/// Parts never share a Pagefind run, so no part's files can hold another part's words.
struct SearchIndexer {
    let pagefind: Pagefind
    /// The site's language, which chooses Pagefind's word stemming.
    let language: String

    /// Pagefind's ready-made search interfaces; the theme has its own, so they are not published.
    private static let unusedPrefixes = [
        "pagefind-ui.", "pagefind-component-ui.", "pagefind-modular-ui.", "pagefind-highlight.", "playground/",
        // The theme runs Pagefind in a worker of its own (assets/search-worker.js), never in Pagefind's.
        "pagefind-worker.js",
    ]

    /// Indexes `parts`, each shard with the chunk size its rule's shard count in `layout` calls for.
    func index(_ parts: [SearchPart], layout: SearchLayout, onProgress: (@Sendable (Int) -> Void)? = nil)
        throws(Pagefind.Failure) -> SearchIndex
    {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("sitegen-search-\(UUID().uuidString.prefix(8).lowercased())").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let shardCounts = layout.shardCounts
        let results = concurrentMap(parts, onProgress: onProgress) { part in
            Result { () throws(Pagefind.Failure) in
                try indexPart(
                    part, shards: shardCounts[part.ruleNumber] ?? 1,
                    in: DisplayPaths.join(scratch, "\(part.ruleNumber)-\(part.shard)"))
            }
        }
        var files: [String: [SearchIndex.File]] = [:]
        for (part, result) in zip(parts, results) {
            files[part.folder] = try result.get()
        }
        return SearchIndex(files: files)
    }

    /// The size of Pagefind's word chunks (its unit: a page a word is on, and each place it is on it) for a
    /// part split into `shards`: a query fetches the chunk holding its words from every shard, so each
    /// shard's chunks are as much smaller than Pagefind's default (20,000) as there are shards, down to a
    /// floor that keeps the number of chunks, listed in every shard's metadata, in bounds.
    static func chunkSize(shards: Int) -> Int {
        max(20_000 / max(1, shards), 2_500)
    }

    private func indexPart(_ part: SearchPart, shards: Int, in folder: String) throws(Pagefind.Failure)
        -> [SearchIndex.File]
    {
        let pages = DisplayPaths.join(folder, "pages")
        let output = DisplayPaths.join(folder, "index")
        do {
            try FileManager.default.createDirectory(atPath: pages, withIntermediateDirectories: true)
        } catch {
            throw Pagefind.Failure(message: "cannot create \(pages): \(error.localizedDescription)")
        }
        let language = language
        let unwritten = concurrentMap(Array(part.documents.enumerated())) { number, document in
            let file = DisplayPaths.join(pages, "\(number).html")
            return FileManager.default.createFile(
                atPath: file, contents: Data(document.pagefindHTML(language: language).utf8))
                ? nil : file
        }
        if let file = unwritten.lazy.compactMap({ $0 }).first {
            throw Pagefind.Failure(message: "cannot write \(file)")
        }
        try pagefind.index(site: pages, output: output, chunkSize: shards > 1 ? Self.chunkSize(shards: shards) : nil)
        return try publishedFiles(in: output, part: part)
    }

    private func publishedFiles(in output: String, part: SearchPart) throws(Pagefind.Failure) -> [SearchIndex.File] {
        guard let enumerator = FileManager.default.enumerator(atPath: output) else {
            throw Pagefind.Failure(message: "Pagefind wrote no index into \(output)")
        }
        var files: [SearchIndex.File] = []
        while let path = enumerator.nextObject() as? String {
            guard !Self.unusedPrefixes.contains(where: path.hasPrefix) else { continue }
            var isDirectory: ObjCBool = false
            let source = DisplayPaths.join(output, path)
            guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory), !isDirectory.boolValue
            else {
                continue
            }
            guard let data = FileManager.default.contents(atPath: source) else {
                throw Pagefind.Failure(message: "cannot read \(source)")
            }
            files.append(SearchIndex.File(path: part.folder + path, data: data, ruleNumber: part.ruleNumber))
        }
        return files.sorted { $0.path < $1.path }
    }
}
