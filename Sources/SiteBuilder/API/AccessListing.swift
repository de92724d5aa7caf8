/// Every path a build would publish, with its access rule and the file the rule was written in.
///
/// Made by `SiteBuilder.accessListing(options:)` and printed by `sitegen access`.
public struct AccessListing: Sendable {
    /// One published path.
    public struct Entry: Sendable, Equatable {
        /// The URL path, e.g. `/finance/report/` or `/assets/theme.css`.
        public let path: String
        /// The rule's summary: `public`, `signed-in` or e.g. `roles: Finance.Read`.
        public let rule: String
        /// Where the rule comes from: `site/finance/index.md`, `site/site.toml`, `theme` or `built-in`.
        public let source: String
    }

    /// Every path, sorted.
    public let entries: [Entry]
    /// How many pages fall under each kind of rule.
    public let counts: AccessCounts

    /// The entries in three aligned columns, one path a line.
    public var table: String {
        let pathWidth = (entries.map(\.path.count).max() ?? 0) + 2
        let ruleWidth = (entries.map(\.rule.count).max() ?? 0) + 2
        return entries.map { entry in
            entry.path.padding(to: pathWidth) + entry.rule.padding(to: ruleWidth) + entry.source
        }.joined(separator: "\n")
    }
}

extension String {
    fileprivate func padding(to width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(0, width - count))
    }
}
