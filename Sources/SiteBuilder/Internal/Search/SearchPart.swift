/// The documents of one shard of one access rule's part of the search index.
struct SearchPart: Sendable, Equatable {
    /// The rule's number in the access manifest, which guards the part's files and names its folder.
    let ruleNumber: Int
    /// Which of the rule's shards this is, from 0; see `SearchParts.shardCount(pages:)`.
    let shard: Int
    let documents: [SearchDocument]

    /// Its folder below the output folder, e.g. `_search/2/0/`.
    var folder: String {
        "\(SearchIndex.folder)\(ruleNumber)/\(shard)/"
    }
}
