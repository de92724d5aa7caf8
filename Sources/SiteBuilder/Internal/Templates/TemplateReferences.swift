import Foundation

/// Finds the `{{> partial}}` and `{{<parent}}` tags in a template's source, with their lines.
///
/// swift-mustache renders a missing partial or parent as empty text and does not expose its
/// parsed tokens, so the build reads the tags itself to report missing names when templates load.
/// Dynamic names (`{{>*name}}`) are skipped: they are only known while rendering.
enum TemplateReferences {
    struct Reference: Equatable {
        let name: String
        let line: Int
        /// True for `{{<parent}}`, false for `{{> partial}}`.
        let isParent: Bool
    }

    static func find(in source: String) -> [Reference] {
        var references: [Reference] = []
        var line = 1
        var rest = Substring(source)
        while let open = rest.range(of: "{{") {
            line += rest[..<open.lowerBound].count { $0 == "\n" }
            rest = rest[open.upperBound...]
            guard let close = rest.range(of: "}}") else { break }
            let tag = rest[..<close.lowerBound]
            line += tag.count { $0 == "\n" }
            rest = rest[close.upperBound...]
            guard let kind = tag.first, kind == ">" || kind == "<" else { continue }
            let name = tag.dropFirst().trimmingCharacters(in: .whitespacesAndNewlines)
            guard !name.isEmpty, !name.hasPrefix("*") else { continue }
            references.append(Reference(name: name, line: line, isParent: kind == "<"))
        }
        return references
    }
}
