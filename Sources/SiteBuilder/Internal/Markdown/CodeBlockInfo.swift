import Foundation

/// What the info string after a code fence says: the language, the block's title, as MkDocs Material and
/// Docusaurus write it (```` ```python title="greet.py" ````) and VitePress (```` ```js [config.js] ````), and the
/// lines to highlight, as Docusaurus and VitePress write them, glued to the language or not (`ts{1,3-5}`,
/// `js {2}`), and MkDocs Material and Hugo (`hl_lines="2 3"`, `{hl_lines=[2,"4-5"]}`). What else it holds is for
/// other tools and passed by: VitePress's `:line-numbers`, `showLineNumbers`, `linenums="1"`, and the attributes
/// rustdoc and mdBook glue to the language with commas (`rust,ignore`).
struct CodeBlockInfo {
    /// The language as written, "" when the fence names none.
    let language: String
    let title: String?
    /// The lines to highlight, counted from 1 at the block's first line, in the order written.
    let highlightedLines: [ClosedRange<Int>]

    init(_ info: String) {
        let words = info.drop { $0 == " " || $0 == "\t" }
        let first = words.prefix { $0 != " " && $0 != "\t" }
        language =
            first.hasPrefix("[") || first.hasPrefix("{") || first.contains("=")
            ? "" : String(first.prefix { $0 != "{" && $0 != ":" && $0 != "," })
        let rest = language.isEmpty ? words : words.dropFirst(first.count)
        title = Self.bracketedLabel(in: rest) ?? Self.titleAttribute(in: rest)
        highlightedLines = Self.lineList(in: words) ?? Self.attribute("hl_lines", in: rest).map(Self.lines) ?? []
    }

    /// Whether line `number` (from 1) is one to highlight.
    func highlights(line number: Int) -> Bool {
        highlightedLines.contains { $0.contains(number) }
    }

    /// Docusaurus's and VitePress's `{1,3-5}`, glued to the language or a word of its own: the first braces of
    /// `text` holding nothing but numbers, ranges, commas and spaces.
    private static func lineList(in text: Substring) -> [ClosedRange<Int>]? {
        var rest = text
        while let open = rest.firstIndex(of: "{") {
            let inside = rest[rest.index(after: open)...].prefix { $0 != "}" }
            rest = rest[rest.index(after: open)...]
            guard inside.endIndex < rest.endIndex, !inside.isEmpty,
                inside.allSatisfy({ $0.isASCII && ($0.isNumber || " ,-".contains($0)) })
            else { continue }
            return lines(inside.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        return nil
    }

    /// MkDocs Material's `hl_lines="1 3-5"` and Hugo's `hl_lines=[1,"3-5"]` (or `"1 3-5"`): the value's lines.
    private static func lines(_ value: Substring) -> [ClosedRange<Int>] {
        let items =
            value.hasPrefix("[")
            ? value.dropFirst().prefix { $0 != "]" }.split(separator: ",").map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"'"))
            }
            : value.split(separator: " ").map(String.init)
        return lines(items)
    }

    /// `["1", "3-5"]` as lines; an item that is no number or range is passed by.
    private static func lines(_ items: [String]) -> [ClosedRange<Int>] {
        items.compactMap { item in
            let bounds = item.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(bounds.count), let first = Int(bounds[0]), let last = Int(bounds[bounds.count - 1]),
                first >= 1, first <= last
            else { return nil }
            return first...last
        }
    }

    /// `[config.js]` at the start of `text`, VitePress's label.
    private static func bracketedLabel(in text: Substring) -> String? {
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        guard trimmed.first == "[", let close = trimmed.firstIndex(of: "]") else { return nil }
        let label = trimmed[trimmed.index(after: trimmed.startIndex)..<close]
        return label.isEmpty ? nil : String(label)
    }

    /// The value of `title="…"`, `title='…'` or `title=word` as a word of `text`, or in Hugo's and MkDocs's braces
    /// (`{title="app.go"}`, `{linenos=true,title=app.go}`).
    private static func titleAttribute(in text: Substring) -> String? {
        attribute("title", in: text).flatMap { $0.isEmpty ? nil : String($0) }
    }

    /// The value of attribute `name` as a word of `text` or in braces: quoted (without its quotes), a list in
    /// brackets (with them, `[2,"4-5"]`), or a word; nil when `text` has none or its quote is never closed.
    private static func attribute(_ name: String, in text: Substring) -> Substring? {
        var rest = text
        while let range = rest.firstRange(of: name + "=") {
            defer { rest = rest[range.upperBound...] }
            guard
                range.lowerBound == rest.startIndex || " \t{,".contains(rest[rest.index(before: range.lowerBound)])
            else { continue }
            let value = rest[range.upperBound...]
            if let quote = value.first, quote == "\"" || quote == "'" {
                guard let close = value.dropFirst().firstIndex(of: quote) else { return nil }
                return value[value.index(after: value.startIndex)..<close]
            }
            if value.first == "[", let close = value.firstIndex(of: "]") { return value[...close] }
            return value.prefix { !" \t},".contains($0) }
        }
        return nil
    }
}
