/// How the search index is laid out for the theme: for each access rule that has pages to search, the
/// number of shards its part is split into, each in `_search/RULE/SHARD/`.
struct SearchLayout: Sendable, Equatable {
    /// Shard counts by rule id.
    let shardCounts: [String: Int]

    init(_ parts: [SearchPart]) {
        var counts: [String: Int] = [:]
        for part in parts {
            counts[part.ruleID] = max(counts[part.ruleID] ?? 0, part.shard + 1)
        }
        shardCounts = counts
    }

    /// `,k4vz2mqa:1,q7hc3xte:16,`: each rule id with its shard count, ascending by id, delimited as nginx writes
    /// the rules a reader satisfies (`$sitegen_access`); the theme's `search.js` reads it.
    var list: String {
        "," + shardCounts.keys.sorted().map { "\($0):\(shardCounts[$0] ?? 1)" }.joined(separator: ",") + ","
    }
}
