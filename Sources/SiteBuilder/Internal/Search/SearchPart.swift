/// The documents of one shard of one access rule's part of the search index.
struct SearchPart: Sendable, Equatable {
    /// The id of the rule that guards the part's files (`AccessRule.id`), which names its folder.
    let ruleID: String
    /// Which of the rule's shards this is, from 0; see `SearchParts.shardCount(pages:)`.
    let shard: Int
    let documents: [SearchDocument]

    /// Its folder below the output folder, e.g. `_search/k4vz2mqa/0/`.
    var folder: String {
        "\(SearchIndex.folder)\(ruleID)/\(shard)/"
    }
}
