import Foundation
import Yams

/// A folder's label and position, as Docusaurus keeps them in a `_category_.json` (or `_category_.yml`) in the
/// folder: the label titles the folder's section page when that page gives no title of its own, and the position
/// orders the folder among its siblings as a page's `weight` does (`NavigationTree`). The file is no asset: it is
/// not published, as Docusaurus does not publish it.
///
/// ```json
/// { "label": "Tutorial", "position": 2, "collapsed": false }
/// ```
///
/// A folder without a section page of its own gets one listing its pages, as Docusaurus's generated index
/// (`"link": {"type": "generated-index"}`) does, and the `description` of `link` describes it. Docusaurus's other
/// keys (`collapsed`, `className`, the rest of `link`…) say how its sidebar looks and are passed by.
struct FolderCategory: Sendable {
    /// The names the file may have, the one Docusaurus reads first first.
    static let fileNames = ["_category_.json", "_category_.yml", "_category_.yaml"]

    /// Whether the file at `path` (relative to the site folder) is one.
    static func isFile(_ path: String) -> Bool {
        fileNames.contains { name in
            path.hasSuffix(name)
                && (path.utf8.count == name.utf8.count || path.utf8.dropLast(name.utf8.count).last == UInt8(ascii: "/"))
        }
    }

    /// The file it was read from, relative to the site folder: `guide/_category_.json`.
    let file: String
    var label: String?
    var position: Double?
    /// `link.description`: what Docusaurus's generated index of the folder says of it, and sitegen's section
    /// page of a folder without one of its own (an implicit section).
    var description: String?

    /// Reads `text`, the file at `file` (relative to the site folder), named in messages as `shown`. A file that is
    /// not JSON or YAML, and a key of the wrong kind, are warnings: the folder is titled and ordered as if the file,
    /// or the key, were not there.
    static func read(_ text: String, file: String, shown: String) -> (FolderCategory, [Problem]) {
        var category = FolderCategory(file: file)
        let ignored = "the folder is titled and ordered as if the file were not there"
        // A line past the last, where libyaml may put the end of the text, is taken as the last.
        let lines = YAMLLines(text)
        func fileLine(_ mark: Mark?) -> Int? { mark.map { lines.fileLine(of: $0.line) } }
        let (root, unreadable) = YAMLErrorAdvice.composeSettings(
            text, file: shown, lines: lines, ignored: ignored, isJSON: file.hasSuffix(".json"))
        if let unreadable { return (category, [unreadable]) }
        // An empty file, or one of nothing but `---`, says nothing.
        guard let root, root.null == nil else { return (category, []) }
        guard case .mapping(let mapping) = root else {
            let example = file.hasSuffix(".json") ? #"{ "label": "Guide", "position": 2 }"# : "label: Guide"
            let message = "it must be keys and values, e.g. \(example); " + ignored
            return (category, [warning(in: shown, line: fileLine(root.mark), message)])
        }
        var problems: [Problem] = []
        if let label = mapping["label"] {
            if case .scalar(let scalar) = label {
                category.label = scalar.string.isEmpty ? nil : scalar.string
            } else {
                let message = "'label' must be a text, e.g. \"Guide\"; the folder is titled as if it had none"
                problems.append(warning(in: shown, line: fileLine(label.mark), message))
            }
        }
        if let position = mapping["position"] {
            if let number = position.int.map(Double.init) ?? position.float, number.isFinite {
                category.position = number
            } else {
                let message = "'position' must be a number, e.g. 2; the folder is ordered as if it had none"
                problems.append(warning(in: shown, line: fileLine(position.mark), message))
            }
        }
        if case .mapping(let link)? = mapping["link"], let description = link["description"] {
            if case .scalar(let scalar) = description {
                category.description = scalar.string.isEmpty ? nil : scalar.string
            } else {
                let message = "'description' must be a text; the folder's page is described as if it had none"
                problems.append(warning(in: shown, line: fileLine(description.mark), message))
            }
        }
        return (category, problems)
    }

    private init(file: String) {
        self.file = file
    }

    private static func warning(in file: String, line: Int?, _ message: String) -> Problem {
        Problem(file: file, line: line, message: message, isWarning: true)
    }
}
