import Foundation
import Yams

/// MkDocs's `mkdocs.yml`, in the folder holding the docs folder it builds: its `site_name` is the site's title
/// unless `site.toml` sets one, and its `nav` the site's table of contents (`NavigationOutline`), in MkDocs's order
/// and under its names.
///
/// ```yaml
/// site_name: Our docs
/// nav:
///   - Home: index.md
///   - User guide:
///       - Installing: guide/install.md
///       - guide/upgrade.md
///   - Source code: https://github.com/example/docs
/// ```
///
/// A section of the nav names the deepest folder that holds all its pages (`User guide` names `guide/`), and the
/// outermost section does when several would. Links out of the site are passed by, as are MkDocs's other keys
/// (`theme`, `plugins`, the `markdown_extensions` but the snippets' `base_path` and `auto_append`…), which say how
/// MkDocs's pages look.
struct MkDocsConfig: Sendable {
    /// The names the file may have, the one MkDocs reads first first.
    static let fileNames = ["mkdocs.yml", "mkdocs.yaml"]

    /// The file, as messages name it: `mkdocs.yml` for the site folder `docs`.
    let file: String
    var siteName: String?
    var nav: NavigationOutline?
    /// Where snippets (`--8<--`) are looked for, and the snippets every page ends with, as the settings of
    /// pymdownx's snippets say (`snippets(in:file:line:)`).
    var snippets = Snippets()
    /// What the `markdown_extensions` change in how text reads: pymdownx's arithmatex, md_in_html.
    var dialect = MarkdownDialect()

    /// The config of the site folder `siteFolder` (as the user names it), with the warnings reading it gave: the
    /// file in the folder holding the site folder, when its `docs_dir` (by default `docs`) is the site folder.
    static func load(siteFolder: String) -> (MkDocsConfig, [Problem])? {
        for file in files(besideSiteFolder: siteFolder) {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            return read(PageText.decode(data), file: file, siteFolder: siteFolder)
        }
        return nil
    }

    /// Where the file of the site folder `siteFolder` may be, in the order MkDocs looks: `mkdocs.yml`, then
    /// `mkdocs.yaml`, in the folder holding it.
    static func files(besideSiteFolder siteFolder: String) -> [String] {
        let parent = DisplayPaths.parent(of: siteFolder)
        return fileNames.map { DisplayPaths.join(parent, $0) }
    }

    /// Reads `text`, the file `file`; nil when its `docs_dir` is not `siteFolder`. A file that is not YAML, and a
    /// key of the wrong kind, are warnings: the site is built as if the file, or the key, were not there.
    static func read(_ text: String, file: String, siteFolder: String) -> (MkDocsConfig, [Problem])? {
        var config = MkDocsConfig(file: file)
        let lines = YAMLLines(text)
        func fileLine(_ mark: Mark?) -> Int? { mark.map { lines.fileLine(of: $0.line) } }
        let ignored = "the site is built as if the file were not there"
        let (root, warning) = YAMLErrorAdvice.composeSettings(text, file: file, lines: lines, ignored: ignored)
        if let warning { return (config, [warning]) }
        guard case .mapping(let mapping)? = root else { return nil }
        let docsFolder = mapping["docs_dir"]?.string ?? "docs"
        guard DisplayPaths.isFolder(docsFolder, from: DisplayPaths.parent(of: siteFolder), siteFolder) else {
            return nil
        }
        var problems: [Problem] = []
        if let name = mapping["site_name"] {
            if case .scalar(let scalar) = name, !scalar.string.isEmpty {
                config.siteName = scalar.string
            } else {
                let message = "'site_name' must be a text, e.g. Our docs; the site's title is not taken from it"
                problems.append(Problem(file: file, line: fileLine(name.mark), message: message, isWarning: true))
            }
        }
        if let nav = mapping["nav"] {
            var reader = NavReader(file: file, fileLine: fileLine)
            _ = reader.read(nav, nested: false)
            config.nav = NavigationOutline(file: file, entries: reader.entries, folderNames: reader.folderNames)
            problems += reader.problems
        }
        if let extensions = mapping["markdown_extensions"] {
            let (snippets, warnings) = snippets(in: extensions, file: file) { fileLine($0.mark) }
            config.snippets = snippets
            problems += warnings
            if case .sequence(let items) = extensions {
                let names = Set(
                    items.flatMap { item -> [String] in
                        switch item {
                        case .scalar(let scalar): [scalar.string]
                        case .mapping(let mapping): mapping.keys.compactMap(\.string)
                        default: []
                        }
                    })
                config.dialect.latexMath = names.contains("pymdownx.arithmatex")
                config.dialect.caret = names.contains("pymdownx.caret")
                config.dialect.tilde = names.contains("pymdownx.tilde")
                config.dialect.markdownInHTML =
                    names.contains("md_in_html") || names.contains("markdown.extensions.md_in_html")
            }
        }
        return (config, problems)
    }

    private init(file: String) {
        self.file = file
    }
}

/// Reads the items of MkDocs's `nav`: a page (`guide.md`), a name and a page (`Guide: guide.md`), or a name and a
/// list of items, a section.
private struct NavReader {
    let file: String
    let fileLine: (Mark?) -> Int?
    var entries: [NavigationOutline.Entry] = []
    var folderNames: [String: String] = [:]
    var problems: [Problem] = []
    private var named: Set<String> = []

    init(file: String, fileLine: @escaping (Mark?) -> Int?) {
        self.file = file
        self.fileLine = fileLine
    }

    /// Reads the list `node` and returns the site paths of the pages in it, in sections in it too.
    mutating func read(_ node: Node, nested: Bool) -> [String] {
        guard case .sequence(let items) = node else {
            let example = nested ? "Guide: [guide/install.md, guide/upgrade.md]" : "nav: [index.md, About: about.md]"
            warn(
                "a nav section must be a list of items, e.g. \(example); its pages are ordered as if it were not there",
                at: node)
            return []
        }
        var paths: [String] = []
        for item in items {
            switch item {
            case .scalar(let scalar):
                paths += page(scalar.string, title: "", at: item)
            case .mapping(let mapping) where mapping.count == 1:
                guard let (key, value) = mapping.first else { continue }
                let title = key.string ?? ""
                if case .scalar(let scalar) = value {
                    paths += page(scalar.string, title: title, at: value)
                } else {
                    let inside = read(value, nested: true)
                    if let folder = Self.commonFolder(of: inside), !title.isEmpty { folderNames[folder] = title }
                    paths += inside
                }
            default:
                let message =
                    "a nav item must be a page (guide.md), a name and a page (Guide: guide.md) or a name and a list "
                    + "of items; the site is ordered as if this one were not there"
                warn(message, at: item)
            }
        }
        return paths
    }

    /// The page at `written`, relative to the site folder, named `title` in the nav; none for a link out of the
    /// site or a file that is no page.
    private mutating func page(_ written: String, title: String, at node: Node) -> [String] {
        guard !written.contains("://"), let path = SitePath.resolve(written, from: ""), !path.isEmpty,
            MarkdownFileName.isMarkdown(SitePath.lastComponent(of: path))
        else { return [] }
        if named.insert(path).inserted {
            entries.append(NavigationOutline.Entry(path: path, line: fileLine(node.mark) ?? 1, title: title))
        }
        return [path]
    }

    /// The deepest folder holding every page of `paths`; nil when that is the site folder.
    private static func commonFolder(of paths: [String]) -> String? {
        guard let first = paths.first else { return nil }
        var common = SitePath.parent(of: first).split(separator: "/")
        for path in paths.dropFirst() {
            let folder = SitePath.parent(of: path).split(separator: "/")
            common = Array(zip(common, folder).prefix { $0 == $1 }.map(\.0))
        }
        return common.isEmpty ? nil : common.joined(separator: "/")
    }

    private mutating func warn(_ message: String, at node: Node) {
        problems.append(Problem(file: file, line: fileLine(node.mark), message: message, isWarning: true))
    }
}
