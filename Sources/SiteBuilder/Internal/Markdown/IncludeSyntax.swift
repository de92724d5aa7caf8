import Foundation

/// A line that MkDocs's snippets read: `--8<-- "path"` (any number of dashes on either side of the scissors), a
/// line of only `--8<--`, which opens or closes a block of paths, or either with `;` before it, which is written
/// as it is without the `;`.
enum SnippetLine: Equatable {
    case file(indent: String, name: Substring)
    case edge(indent: String)
    case escaped(String)

    var isEdge: Bool {
        if case .edge = self { true } else { false }
    }

    init?(_ line: Substring) {
        let indent = line.prefix { $0 == " " || $0 == "\t" }
        let semicolons = line[indent.endIndex...].prefix { $0 == ";" }
        var rest = line[semicolons.endIndex...]
        let leading = rest.prefix { $0 == "-" }
        guard !leading.isEmpty, rest[leading.endIndex...].hasPrefix("8<") else { return nil }
        rest = rest[rest.index(leading.endIndex, offsetBy: 2)...]
        let trailing = rest.prefix { $0 == "-" }
        guard !trailing.isEmpty else { return nil }
        rest = rest[trailing.endIndex...]
        let spaced = rest.prefix { $0 == " " || $0 == "\t" }
        let quoted = rest[spaced.endIndex...].trimmingCharacters(in: .whitespaces)
        if quoted.isEmpty {
            self = .edge(indent: String(indent))
        } else {
            guard !spaced.isEmpty, let quote = quoted.first, quote == "\"" || quote == "'", quoted.count > 2,
                quoted.last == quote
            else { return nil }
            self = .file(indent: String(indent), name: Substring(quoted.dropFirst().dropLast()))
        }
        if !semicolons.isEmpty {
            self = .escaped(String(indent) + line[semicolons.index(after: semicolons.startIndex)...])
        }
    }
}

/// mdBook's `{{#include path}}`, `{{#rustdoc_include path}}` or `{{#playground path}}` (`{{#playpen path}}` before
/// mdBook 0.4), or `{{#title The title}}`, spaces allowed inside the braces, at the start of the text it is made
/// from, and where it ends.
struct BookDirective {
    enum Action {
        case include(IncludeDirective)
        /// The page's title, as front matter's `title` gives it; the directive itself writes nothing.
        case title(String)
    }

    let action: Action
    let end: Substring.Index

    init?(_ text: Substring) {
        guard text.hasPrefix("{{") else { return nil }
        var rest = text.dropFirst(2).drop { $0 == " " || $0 == "\t" }
        guard rest.first == "#" else { return nil }
        rest = rest.dropFirst()
        let name = rest.prefix { $0.isLetter || $0 == "_" }
        rest = rest[name.endIndex...]
        guard rest.first == " " || rest.first == "\t", let close = rest.range(of: "}}") else { return nil }
        let argument = rest[..<close.lowerBound]
        let kind: IncludeDirective.Kind
        switch name {
        case "include": kind = .mdBook
        case "rustdoc_include": kind = .rustdoc
        case "playground", "playpen": kind = .playground(attributes: [])
        case "title":
            let title = argument.trimmingCharacters(in: .whitespaces)
            guard !title.isEmpty else { return nil }
            (action, end) = (.title(title), close.upperBound)
            return
        default: return nil
        }
        guard let include = IncludeDirective(mdBook: argument, kind: kind) else { return nil }
        (action, end) = (.include(include), close.upperBound)
    }
}
