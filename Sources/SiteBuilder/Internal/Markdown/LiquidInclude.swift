import Foundation

/// Jekyll's `{% include note.md title="Read me" %}`, which takes a file from the source's `_includes/` folder, or
/// `{% include_relative part.md %}`, relative to the page's folder, as Liquid writes them (`{%- … -%}` too), at the
/// start of the text it is made from, and where it ends. A parameter's value is a quoted string or a word; the
/// included text's `{{ include.title }}` takes it (`substituted`). A path or value that is a Liquid variable is
/// nothing sitegen can read: such a tag stays as it is written.
struct LiquidInclude {
    let path: String
    /// `include_relative`: the path is relative to the page's folder, not `_includes/`.
    let relative: Bool
    let parameters: [String: String]
    let end: Substring.Index

    init?(_ text: Substring) {
        guard text.hasPrefix("{%"), let close = text.range(of: "%}") else { return nil }
        var inside = text[text.index(text.startIndex, offsetBy: 2)..<close.lowerBound]
        if inside.hasPrefix("-") { inside = inside.dropFirst() }
        if inside.hasSuffix("-") { inside = inside.dropLast() }
        guard let words = Self.words(inside), words.count >= 2, words[0] == "include" || words[0] == "include_relative",
            !words[1].contains("{{"), !words[1].contains("\"")
        else { return nil }
        var parameters: [String: String] = [:]
        for word in words.dropFirst(2) {
            guard let equals = word.firstIndex(of: "="), equals > word.startIndex else { return nil }
            var value = word[word.index(after: equals)...]
            if let quote = value.first, quote == "\"" || quote == "'" {
                value = value.dropFirst().dropLast()
            } else if value.isEmpty || value.contains(".") {
                // A variable (`page.title`): its value is not known here.
                return nil
            }
            parameters[String(word[..<equals])] = String(value)
        }
        (path, relative, self.parameters, end) = (
            String(words[1]), words[0] == "include_relative", parameters, close.upperBound
        )
    }

    /// Whether `text` opens with `{% raw %}` (true) or `{% endraw %}` (false), between which Liquid reads no tag, and
    /// where that tag ends; nil for any other text.
    static func raw(_ text: Substring) -> (opens: Bool, end: Substring.Index)? {
        guard text.hasPrefix("{%"), let close = text.range(of: "%}") else { return nil }
        let inside = text[text.index(text.startIndex, offsetBy: 2)..<close.lowerBound]
            .trimmingCharacters(in: CharacterSet(charactersIn: " \t-"))
        guard inside == "raw" || inside == "endraw" else { return nil }
        return (inside == "raw", close.upperBound)
    }

    /// The words of a tag, apart by spaces; a quoted value (`title="Read me"`) is one word, quotes kept. Nil when a
    /// quote is not closed.
    private static func words(_ text: Substring) -> [Substring]? {
        var words: [Substring] = []
        var start: Substring.Index?
        var quote: Character?
        for index in text.indices {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == " " || character == "\t" {
                if let begun = start { words.append(text[begun..<index]) }
                start = nil
            } else {
                if start == nil { start = index }
                if character == "\"" || character == "'" { quote = character }
            }
        }
        guard quote == nil else { return nil }
        if let begun = start { words.append(text[begun...]) }
        return words
    }

    /// `line` with each `{{ include.name }}` in it (spaces, `-` and filters allowed) replaced by the value of
    /// `parameters`' `name`, nothing when the tag passes none, as Liquid writes an undefined variable.
    static func substituted(_ line: Substring, parameters: [String: String]) -> Substring {
        guard line.contains("{{") else { return line }
        var written = ""
        var rest = line
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            let tag = rest[open.upperBound..<close.lowerBound]
            let variable = tag.trimmingCharacters(in: CharacterSet(charactersIn: " -")).prefix {
                $0 != "|" && $0 != " "
            }
            guard variable.hasPrefix("include.") else {
                written += rest[..<close.upperBound]
                rest = rest[close.upperBound...]
                continue
            }
            // `{{-` and `-}}` take the spaces before and after the tag away, as Liquid's whitespace control does.
            var before = rest[..<open.lowerBound]
            if tag.hasPrefix("-") {
                while let last = before.last, last == " " || last == "\t" { before = before.dropLast() }
            }
            written += before
            written += parameters[String(variable.dropFirst("include.".count))] ?? ""
            rest = rest[close.upperBound...]
            if tag.hasSuffix("-") { rest = rest.drop { $0 == " " || $0 == "\t" } }
        }
        return Substring(written + rest)
    }
}
