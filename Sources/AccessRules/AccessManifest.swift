/// The access manifest `sitegen build` writes beside the site: which rule governs each published path.
///
/// It is versioned so an auth handler refuses a manifest it does not understand instead of guessing.
public struct AccessManifest: Codable, Sendable, Equatable {
    /// The format version this code writes and reads.
    public static let currentVersion = 1
    /// The folder of the published folder where builds keep what is not to be served: the manifest and its interim
    /// copy. No web server may serve it, and the check opens nothing in it.
    public static let folder = ".sitegen"
    /// Where the manifest lives inside the published folder; nginx must never serve it.
    public static let relativePath = folder + "/access.json"

    /// One published path's rule, by index into `rules`, and where that rule was written.
    public struct Entry: Codable, Sendable, Equatable {
        /// Index into `rules`.
        public var rule: Int
        /// Index into `sources`.
        public var source: Int

        /// Creates an entry from two indices.
        public init(rule: Int, source: Int) {
            self.rule = rule
            self.source = source
        }
    }

    /// Always `currentVersion` when written by this code.
    public var version: Int
    /// The distinct rules of the site.
    public var rules: [AccessRule]
    /// Where rules came from, for listings: `site.toml`, `site/finance/index.md`, …
    public var sources: [String]
    /// Every published URL path (`/`, `/guide/setup/`, `/assets/theme.css`) and its rule.
    public var paths: [String: Entry]

    /// Creates a manifest from its parts.
    public init(rules: [AccessRule], sources: [String], paths: [String: Entry]) {
        self.version = Self.currentVersion
        self.rules = rules
        self.sources = sources
        self.paths = paths
    }
}

/// Collects path rules while a site is built and produces a compact manifest.
public struct AccessManifestBuilder: Sendable {
    private var rules: [AccessRule] = []
    private var ruleIndex: [AccessRule: Int] = [:]
    private var sources: [String] = []
    private var sourceIndex: [String: Int] = [:]
    private var paths: [String: AccessManifest.Entry] = [:]
    /// The entry `add` made last, which the next path most often shares: paths come sorted, and a folder's
    /// pages have one rule from one file.
    private var last: (rule: AccessRule, source: String, entry: AccessManifest.Entry)?

    /// Creates an empty builder.
    public init() {}

    /// Creates an empty builder with room for `capacity` paths.
    public init(capacity: Int) {
        paths.reserveCapacity(capacity)
    }

    /// Records the rule of one published path and the file the rule was written in.
    public mutating func add(path: String, rule: AccessRule, source: String) {
        if let last, last.source == source, last.rule == rule {
            paths[path] = last.entry
            return
        }
        let ruleNumber = ruleIndex[rule] ?? append(rule)
        let sourceNumber = sourceIndex[source] ?? append(source: source)
        let entry = AccessManifest.Entry(rule: ruleNumber, source: sourceNumber)
        paths[path] = entry
        last = (rule, source, entry)
    }

    /// The finished manifest.
    public var manifest: AccessManifest {
        AccessManifest(rules: rules, sources: sources, paths: paths)
    }

    private mutating func append(_ rule: AccessRule) -> Int {
        rules.append(rule)
        ruleIndex[rule] = rules.count - 1
        return rules.count - 1
    }

    private mutating func append(source: String) -> Int {
        sources.append(source)
        sourceIndex[source] = sources.count - 1
        return sources.count - 1
    }
}
