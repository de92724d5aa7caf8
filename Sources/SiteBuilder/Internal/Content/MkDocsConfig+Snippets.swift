import Yams

extension MkDocsConfig {
    /// What the settings of pymdownx's snippets say about where snippets come from and where they go.
    struct Snippets: Sendable, Equatable {
        /// The folders of `base_path`, relative to the folder holding `mkdocs.yml`, as written; nil when none is set.
        var basePaths: [String]?
        /// The snippets `auto_append` puts at the end of every page, in order (MkDocs Material's way of sharing a
        /// glossary of abbreviations).
        var appended: [Appended] = []
    }

    /// A snippet `auto_append` names, as written (`includes/abbreviations.md`), with its line in `mkdocs.yml`.
    struct Appended: Sendable, Equatable {
        let path: String
        let line: Int?
    }

    /// The snippets' `base_path` and `auto_append`, as `mkdocs.yml` lists its `markdown_extensions`, either way MkDocs
    /// reads them: a list whose items are a name or a name and its settings, or a mapping of names to settings.
    ///
    /// ```yaml
    /// markdown_extensions:
    ///   - admonition
    ///   - pymdownx.snippets:
    ///       base_path: [docs/snippets, .]
    ///       auto_append: [includes/abbreviations.md]
    /// ```
    ///
    /// A setting of the wrong kind is a warning naming its line in `file` (`line` gives a node's), and snippets are
    /// read as if it were not there.
    static func snippets(in extensions: Node, file: String, line: (Node) -> Int?) -> (Snippets, [Problem]) {
        let settings: Node?
        switch extensions {
        case .sequence(let items):
            settings =
                items.lazy.compactMap { item -> Node? in
                    guard case .mapping(let named) = item, named.count == 1, let (name, value) = named.first,
                        name.string == snippetsExtension
                    else { return nil }
                    return value
                }.first
        case .mapping(let named):
            settings = named[snippetsExtension]
        default:
            return (Snippets(), [])
        }
        guard case .mapping(let mapping)? = settings else { return (Snippets(), []) }
        var snippets = Snippets()
        var warnings: [Problem] = []
        func warn(_ message: String, _ node: Node) {
            warnings.append(Problem(file: file, line: line(node), message: message, isWarning: true))
        }
        if let basePath = mapping["base_path"] {
            snippets.basePaths = paths(basePath)
            if snippets.basePaths == nil {
                warn(
                    "'base_path' of \(snippetsExtension) must be a folder or a list of folders, e.g. "
                        + "[docs/snippets, .]; snippets are looked for as if it were not there", basePath)
            }
        }
        if let autoAppend = mapping["auto_append"] {
            let items: [Node] =
                switch autoAppend {
                case .sequence(let items): Array(items)
                default: [autoAppend]
                }
            if let written = paths(autoAppend) {
                snippets.appended = zip(written, items).map { Appended(path: $0, line: line($1)) }
            } else {
                warn(
                    "'auto_append' of \(snippetsExtension) must be a file or a list of files, e.g. "
                        + "[includes/abbreviations.md]; no snippet is added to the pages", autoAppend)
            }
        }
        return (snippets, warnings)
    }

    /// A path, or a list of paths, none empty; nil for anything else.
    private static func paths(_ node: Node) -> [String]? {
        switch node {
        case .scalar(let scalar) where !scalar.string.isEmpty:
            return [scalar.string]
        case .sequence(let items):
            let paths = items.compactMap { item -> String? in
                guard case .scalar(let scalar) = item, !scalar.string.isEmpty else { return nil }
                return scalar.string
            }
            return paths.count == items.count && !paths.isEmpty ? paths : nil
        default:
            return nil
        }
    }

    private static let snippetsExtension = "pymdownx.snippets"
}
