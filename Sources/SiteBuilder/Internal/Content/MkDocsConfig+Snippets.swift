import Yams

extension MkDocsConfig {
    /// The `base_path` of pymdownx's snippets, as `mkdocs.yml` lists its `markdown_extensions`, either way MkDocs
    /// reads them: a list whose items are a name or a name and its settings, or a mapping of names to settings.
    ///
    /// ```yaml
    /// markdown_extensions:
    ///   - admonition
    ///   - pymdownx.snippets:
    ///       base_path: [docs/snippets, .]
    /// ```
    ///
    /// The folders, relative to the folder holding `mkdocs.yml`, as written; nil when none is set. One of the wrong
    /// kind is a warning from `warn`, and snippets are looked for as if it were not there.
    static func snippetBasePaths(in extensions: Node, warn: (String, Node) -> Void) -> [String]? {
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
            return nil
        }
        guard case .mapping(let mapping)? = settings, let basePath = mapping["base_path"] else { return nil }
        switch basePath {
        case .scalar(let scalar) where !scalar.string.isEmpty:
            return [scalar.string]
        case .sequence(let items):
            let folders = items.compactMap { item -> String? in
                guard case .scalar(let scalar) = item, !scalar.string.isEmpty else { return nil }
                return scalar.string
            }
            if folders.count == items.count, !folders.isEmpty { return folders }
        default:
            break
        }
        let message =
            "'base_path' of \(snippetsExtension) must be a folder or a list of folders, e.g. [docs/snippets, .]; "
            + "snippets are looked for as if it were not there"
        warn(message, basePath)
        return nil
    }

    private static let snippetsExtension = "pymdownx.snippets"
}
