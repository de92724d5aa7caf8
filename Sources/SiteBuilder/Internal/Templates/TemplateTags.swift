import Foundation

/// Reads the tags of a Mustache template's source, for the checks made when templates load:
/// swift-mustache does not expose its parsed tokens.
enum TemplateTags {
    struct Tag: Equatable {
        /// The character after `{{` that gives the tag its kind (`#`, `^`, `/`, `>`, `<`, `$`, `&`, `{`,
        /// `!`, `=`); nil for a plain variable.
        let sigil: Character?
        /// The text of the tag after its sigil, trimmed: a name such as `page.title` or `empty(children)`.
        let name: String
        /// The 1-based line the tag starts on.
        let line: Int
        /// True when the tag stands alone on its line after some indentation, which swift-mustache
        /// then adds to the lines of a partial it includes.
        let isIndentedStandalone: Bool
    }

    static func scan(_ source: String) -> [Tag] {
        var tags: [Tag] = []
        var line = 1
        var rest = Substring(source)
        while let open = rest.range(of: "{{") {
            let before = rest[..<open.lowerBound]
            line += before.count { $0 == "\n" }
            let indentation = source[..<open.lowerBound].reversed().prefix { $0 != "\n" }
            rest = rest[open.upperBound...]
            guard let close = rest.range(of: "}}") else { break }
            var content = rest[..<close.lowerBound]
            rest = rest[close.upperBound...]
            let sigil = content.first.flatMap { "#^/><$&{!=".contains($0) ? $0 : nil }
            if sigil != nil { content = content.dropFirst() }
            if sigil == "{", rest.first == "}" { rest = rest.dropFirst() }
            let name = content.trimmingCharacters(in: .whitespacesAndNewlines)
            let standalone =
                !indentation.isEmpty && indentation.allSatisfy(\.isBlank)
                && rest.prefix { $0 != "\n" }.allSatisfy(\.isBlank)
            tags.append(Tag(sigil: sigil, name: name, line: line, isIndentedStandalone: standalone))
            line += content.count { $0 == "\n" }
        }
        return tags
    }
}

extension Character {
    fileprivate var isBlank: Bool { self == " " || self == "\t" }
}
