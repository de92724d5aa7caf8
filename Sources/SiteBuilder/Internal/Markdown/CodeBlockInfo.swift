/// What the info string after a code fence says: the language, and the block's title, as MkDocs Material and
/// Docusaurus write it (```` ```python title="greet.py" ````) and VitePress (```` ```js [config.js] ````). What
/// else it holds is for other tools and passed by: Docusaurus's and VitePress's lines to highlight, glued to the
/// language or not (`ts{1,3}`, `js {2}`), VitePress's `:line-numbers`, `showLineNumbers`.
struct CodeBlockInfo {
    /// The language as written, "" when the fence names none.
    let language: String
    let title: String?

    init(_ info: String) {
        let words = info.drop { $0 == " " || $0 == "\t" }
        let first = words.prefix { $0 != " " && $0 != "\t" }
        language =
            first.hasPrefix("[") || first.hasPrefix("{") || first.contains("=")
            ? "" : String(first.prefix { $0 != "{" && $0 != ":" })
        let rest = language.isEmpty ? words : words.dropFirst(first.count)
        title = Self.bracketedLabel(in: rest) ?? Self.titleAttribute(in: rest)
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
        var rest = text
        while let range = rest.firstRange(of: "title=") {
            defer { rest = rest[range.upperBound...] }
            guard
                range.lowerBound == rest.startIndex || " \t{,".contains(rest[rest.index(before: range.lowerBound)])
            else { continue }
            let value = rest[range.upperBound...]
            let title: Substring
            if let quote = value.first, quote == "\"" || quote == "'" {
                guard let close = value.dropFirst().firstIndex(of: quote) else { return nil }
                title = value[value.index(after: value.startIndex)..<close]
            } else {
                title = value.prefix { !" \t},".contains($0) }
            }
            return title.isEmpty ? nil : String(title)
        }
        return nil
    }
}
