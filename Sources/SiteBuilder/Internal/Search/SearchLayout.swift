/// How the search index is laid out for the theme: for each access rule that has pages to search, the
/// number of shards its part is split into, each in `_search/RULE/SHARD/`.
struct SearchLayout: Sendable, Equatable {
    /// Shard counts by rule number.
    let shardCounts: [Int: Int]

    init(_ parts: [SearchPart]) {
        var counts: [Int: Int] = [:]
        for part in parts {
            counts[part.ruleNumber] = max(counts[part.ruleNumber] ?? 0, part.shard + 1)
        }
        shardCounts = counts
    }

    /// `,0:1,2:16,`: each rule number with its shard count, ascending by rule, delimited as nginx writes
    /// the rules a reader satisfies (`$sitegen_access`); the theme's `search.js` reads it.
    var list: String {
        "," + shardCounts.keys.sorted().map { "\($0):\(shardCounts[$0] ?? 1)" }.joined(separator: ",") + ","
    }
}
