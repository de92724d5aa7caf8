/// Builds the search index: each part (shard) is written on its own from its own documents, so no part's files
/// can hold another part's words; parts are written on all cores.
enum SearchIndexer {
    static func index(_ parts: [SearchPart], onProgress: (@Sendable (Int) -> Void)? = nil) -> SearchIndex {
        let written = concurrentMap(parts, onProgress: onProgress) { SearchPartFiles.files(of: $0) }
        var files: [String: [SearchIndex.File]] = [:]
        for (part, partFiles) in zip(parts, written) {
            files[part.folder] = partFiles
        }
        return SearchIndex(files: files)
    }
}
