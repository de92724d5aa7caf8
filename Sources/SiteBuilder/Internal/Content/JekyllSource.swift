import Foundation
import Yams

/// What a Jekyll site's source holds besides its pages and files. A site folder with Jekyll's `_config.yml` at
/// its top is such a source, and its build leaves these out as Jekyll does: the settings, layouts, includes,
/// Sass, data, plugins and drafts, Jekyll's own output (`_site/`), Ruby's and Node's files, and what the
/// `exclude` list of `_config.yml` names. Folders of pages, `_posts/` and collections, are listed as any other,
/// and the config's `title` is the site's unless `site.toml` sets one.
enum JekyllSource {
    static let configFile = "_config.yml"

    /// Whether `names`, the site folder's top-level files, make it a Jekyll source.
    static func isSource(files names: some Sequence<String>) -> Bool {
        names.contains(configFile)
    }

    /// Whether a Jekyll source's top-level file or folder `name` is Jekyll's, not the site's.
    static func isJekylls(_ name: String) -> Bool {
        jekylls.contains(name)
    }

    private static let jekylls: Set<String> = [
        configFile, "_layouts", "_includes", "_sass", "_data", "_plugins", "_drafts", "_site", "Gemfile",
        "Gemfile.lock", "node_modules", "vendor",
    ]

    /// What `_config.yml` says that sitegen follows, read once by Load config.
    struct Config: Sendable {
        /// The site's title as Jekyll's themes show it; nil when the config has none.
        var title: String?
        /// The `exclude` list: paths from the top of the source, or patterns with `*` (`README.md`, `scripts/`,
        /// `*.sh`).
        var excludes: [String] = []
        /// Why the `exclude` list cannot be followed; nil when it can.
        var excludeProblem: String?
        /// Just the Docs's `callouts`, by name (`JekyllCallout`).
        var callouts: [String: JekyllCallout] = [:]
    }

    /// Reads `_config.yml`'s text: its title and its exclude list, or why that list cannot be followed (the text
    /// is not YAML, or the list not one of texts).
    static func config(_ text: String) -> Config {
        var config = Config()
        if let aliases = YAMLAliases.problem(in: text) {
            config.excludeProblem = "it " + aliases
            return config
        }
        guard let root = try? Yams.compose(yaml: text, .default, .default, .utf8) else {
            config.excludeProblem = "it is not valid YAML, which Jekyll cannot read either"
            return config
        }
        guard case .mapping(let mapping) = root else { return config }
        if case .scalar(let scalar)? = mapping["title"], !scalar.string.isEmpty { config.title = scalar.string }
        if case .mapping(let callouts)? = mapping["callouts"] {
            for (name, definition) in callouts {
                guard let name = name.string, !name.isEmpty, case .mapping(let settings) = definition else { continue }
                let title = settings["title"]?.string.flatMap { $0.isEmpty ? nil : $0 }
                config.callouts[name] = JekyllCallout(name: name, title: title, color: settings["color"]?.string)
            }
        }
        guard let list = mapping["exclude"] else { return config }
        let items: [Node]
        switch list {
        case .sequence(let sequence): items = Array(sequence)
        case .scalar: items = [list]
        default:
            config.excludeProblem = "its 'exclude' is not a list of paths, e.g. exclude: [README.md, scripts/]"
            return config
        }
        config.excludes = items.compactMap(\.string).map { pattern in
            var path = Substring(pattern)
            while path.hasPrefix("/") || path.hasPrefix("./") { path = path.dropFirst(path.hasPrefix("/") ? 1 : 2) }
            return String(path)
        }
        return config
    }

    /// Whether `path`, a file's path from the top of the source, is left out by one of `patterns`: the path
    /// itself, a folder above it (`scripts/` or `scripts`), or a pattern that matches it (`*.sh`, `notes/*`).
    static func isExcluded(_ path: String, by patterns: [String]) -> Bool {
        patterns.contains { pattern in
            guard !pattern.isEmpty else { return false }
            let folder = pattern.hasSuffix("/") ? pattern : pattern + "/"
            return path == pattern || path.hasPrefix(folder) || fnmatch(pattern, path, 0) == 0
        }
    }
}
