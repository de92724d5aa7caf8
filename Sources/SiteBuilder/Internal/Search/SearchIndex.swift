import Foundation

/// The search index as it is published: one folder per access rule below `_search/`, named by the rule's id
/// (`_search/k4vz2mqa/`), holding the index of that rule's pages (`SearchPartFiles`), in one or more shards
/// (`_search/k4vz2mqa/0/`, `_search/k4vz2mqa/1/`…),
/// and nothing else. Every file of a folder is listed in the access manifest under that rule, so nginx and
/// `sitegen-auth` give it only to readers who may read those pages; the theme's `search.js` loads the
/// folders of the rules a reader satisfies.
enum SearchIndex {
    /// The folder below the site root; a site's own files may not use it.
    static let folder = "_search/"

    /// Whether `path`, below the output folder, is in `folder`. Compared as bytes, first byte first: every
    /// build asks this of every page, asset and recorded file.
    static func holds(_ path: String) -> Bool {
        let prefix = folder.utf8
        return path.utf8.first == prefix.first && path.utf8.starts(with: prefix)
    }

    /// One file to publish.
    struct File: Sendable {
        /// Below the output folder, e.g. `_search/k4vz2mqa/0/p/17.json`.
        let path: String
        let data: Data
        /// The id of the rule that guards it (`AccessRule.id`).
        let ruleID: String
    }
}
