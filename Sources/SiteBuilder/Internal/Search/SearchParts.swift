import AccessRules
import TextTools

/// Splits the searchable pages into one part per access rule, so each reader can be given exactly the
/// parts of the rules they satisfy, and a large part into shards.
///
/// A page goes only to the part of its own rule. Its breadcrumb names a section only when every reader of
/// the page may also open that section; otherwise it shows `…`, as the theme's breadcrumbs do, so that a
/// public page inside a restricted section does not reveal the section's title.
///
/// A part of many pages is split into shards, so that an edit re-indexes one shard instead of the whole
/// part (ARCHITECTURE.md, "Search"). A page's shard follows from its URL alone, so an edit, a new page or a
/// deleted page changes one shard and leaves the others' files as they were; the number of shards is a
/// power of two and changes only when the part's size doubles or halves.
enum SearchParts {
    /// Stands for the title of a section some readers of the page may not open.
    static let hiddenSection = "…"

    /// The most pages a shard holds on average before the part is split further.
    static let pagesPerShard = 2000

    /// The parts in the order of their rules' ids, then shard order, each with its pages in the order given.
    static func split(_ pages: [SearchablePage], pagesPerShard: Int = pagesPerShard) -> [SearchPart] {
        var documents: [String: [SearchDocument]] = [:]
        for page in pages {
            let breadcrumb = page.sections.map { section in
                page.rule.implies(section.rule) ? section.title : hiddenSection
            }
            let document = SearchDocument(
                url: page.url, title: page.title, breadcrumb: breadcrumb, contentHTML: page.contentHTML)
            documents[page.ruleID, default: []].append(document)
        }
        return documents.keys.sorted().flatMap { rule in
            shards(of: documents[rule] ?? [], rule: rule, pagesPerShard: pagesPerShard)
        }
    }

    /// The number of shards for a part of `pages` pages: the smallest power of two that leaves at most
    /// `pagesPerShard` pages to a shard on average.
    static func shardCount(pages: Int, pagesPerShard: Int = pagesPerShard) -> Int {
        var count = 1
        while pages > count * max(1, pagesPerShard) { count *= 2 }
        return count
    }

    private static func shards(of documents: [SearchDocument], rule: String, pagesPerShard: Int) -> [SearchPart] {
        let count = shardCount(pages: documents.count, pagesPerShard: pagesPerShard)
        guard count > 1 else { return [SearchPart(ruleID: rule, shard: 0, documents: documents)] }
        var buckets = Array(repeating: [SearchDocument](), count: count)
        for document in documents {
            buckets[Int(FNV1a.hash(document.url) % UInt64(count))].append(document)
        }
        // An empty bucket gets no shard; the shards are numbered without gaps.
        return buckets.filter { !$0.isEmpty }.enumerated().map { shard, documents in
            SearchPart(ruleID: rule, shard: shard, documents: documents)
        }
    }
}
