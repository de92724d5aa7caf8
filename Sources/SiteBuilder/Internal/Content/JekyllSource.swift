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

    /// The `exclude` list of `_config.yml`'s text: paths from the top of the source, or patterns with `*`
    /// (`README.md`, `scripts/`, `*.sh`). Throws a message when the text is not YAML or the list not one of texts.
    static func excludes(inConfig text: String) throws(ExcludeListError) -> [String] {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text, .default, .default, .utf8)
        } catch {
            throw ExcludeListError(message: "it is not valid YAML, which Jekyll cannot read either")
        }
        guard case .mapping(let mapping) = root, let list = mapping["exclude"] else { return [] }
        let items: [Node]
        switch list {
        case .sequence(let sequence): items = Array(sequence)
        case .scalar: items = [list]
        default:
            throw ExcludeListError(message: "its 'exclude' is not a list of paths, e.g. exclude: [README.md, scripts/]")
        }
        return items.compactMap(\.string).map { pattern in
            var path = Substring(pattern)
            while path.hasPrefix("/") || path.hasPrefix("./") { path = path.dropFirst(path.hasPrefix("/") ? 1 : 2) }
            return String(path)
        }
    }

    /// The `title` of `_config.yml`'s text, the site's title as Jekyll's themes show it; nil when it has none or
    /// is not YAML (Load content warns about that).
    static func title(inConfig text: String) -> String? {
        guard case .mapping(let mapping)? = try? Yams.compose(yaml: text, .default, .default, .utf8),
            case .scalar(let scalar)? = mapping["title"], !scalar.string.isEmpty
        else { return nil }
        return scalar.string
    }

    /// Why the `exclude` list of `_config.yml` could not be read.
    struct ExcludeListError: Error {
        let message: String
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
