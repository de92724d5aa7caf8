import Foundation

/// Math as GitHub writes it, taken out of the Markdown before cmark-gfm parses it, so the TeX reaches
/// KaTeX untouched (cmark would take `\,` for an escaped comma and `_x_` for emphasis): `$…$` inline,
/// `` $`…`$ `` inline, and `$$…$$` display, also over several lines. Each is replaced by a marker of
/// private-use characters, `\u{E000}N\u{E001}`, which Markdown leaves alone and `MarkdownDocument`
/// swaps for the rendered formula. Fenced and indented code and inline code spans are left as they are;
/// ```` ```math ```` blocks are code blocks to cmark and become math after parsing. A marker that lands
/// where cmark keeps text as written (raw HTML, code it found where this pass did not, a link's address)
/// is put back as `source` says. With `latex`, for a MkDocs project whose `mkdocs.yml` turns on pymdownx's
/// arithmatex, LaTeX's `\(…\)` inline and `\[…\]` display, also over several lines, are math too; elsewhere they
/// are Markdown's escaped brackets, as GitHub reads them (`command \[--flag\]`).
enum MathSpans {
    struct Span: Sendable, Equatable {
        let tex: String
        let display: Bool
        /// The 1-based line of the Markdown it starts on.
        let line: Int
        /// The math as written, delimiters included (`$x$`); "" for a ```` ```math ```` block.
        var source = ""
    }

    static let open: Character = "\u{E000}"
    static let close: Character = "\u{E001}"

    /// `text` with its math replaced by markers, and the math; nil when it holds none.
    static func extract(_ text: String, latex: Bool = false) -> (text: String, spans: [Span])? {
        let mayHold = { (text: String) in
            text.containsBytes("$") || latex && (text.containsBytes("\\(") || text.containsBytes("\\["))
        }
        guard mayHold(text), !text.containsBytes(String(open)) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var spans: [Span] = []
        var code = CodeLines()
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard !code.isCode(lines[index]), mayHold(lines[index]) else { continue }
            lines[index] = replace(in: &lines, at: index, spans: &spans, latex: latex)
        }
        guard !spans.isEmpty else { return nil }
        return (lines.joined(separator: "\n"), spans)
    }

    private static func marker(_ number: Int) -> String { "\(open)\(number)\(close)" }

    /// Line `index` with its math replaced; display math that goes on over the next lines empties them.
    private static func replace(in lines: inout [String], at index: Int, spans: inout [Span], latex: Bool) -> String {
        let characters = Array(lines[index])
        var out = ""
        var position = 0
        while position < characters.count {
            let character = characters[position]
            if latex, character == "\\", position + 1 < characters.count, "([".contains(characters[position + 1]) {
                let display = characters[position + 1] == "["
                let closing: [Character] = ["\\", display ? "]" : ")"]
                let rest = Array(characters[(position + 2)...])
                if let end = firstIndex(of: closing, in: rest) {
                    let tex = String(rest[..<end])
                    spans.append(
                        Span(
                            tex: tex.trimmingCharacters(in: .whitespacesAndNewlines), display: display,
                            line: index + 1, source: String(characters[position..<(position + 2 + end + 2)])))
                    out += marker(spans.count - 1)
                    position += 2 + end + 2
                    continue
                }
                if display, let tex = displayOverLines(&lines, from: index, after: rest, closing: "\\]") {
                    spans.append(
                        Span(
                            tex: tex.trimmingCharacters(in: .whitespacesAndNewlines), display: true, line: index + 1,
                            source: "\\[" + tex + "\\]"))
                    return out + marker(spans.count - 1)
                }
                out.append(contentsOf: String(characters[position...position + 1]))
                position += 2
            } else if character == "\\", position + 1 < characters.count {
                out.append(contentsOf: String(characters[position...position + 1]))
                position += 2
            } else if character == "`" {
                let end = CodeSpan.end(in: characters, at: position)
                out.append(contentsOf: String(characters[position..<end]))
                position = end
            } else if character == "$", let (tex, display, end) = math(characters, at: position) {
                spans.append(
                    Span(
                        tex: tex.trimmingCharacters(in: .whitespacesAndNewlines), display: display, line: index + 1,
                        source: String(characters[position..<end])))
                out += marker(spans.count - 1)
                position = end
            } else if character == "$", position + 1 < characters.count, characters[position + 1] == "$",
                let tex = displayOverLines(
                    &lines, from: index, after: Array(characters[(position + 2)...]), closing: "$$")
            {
                spans.append(
                    Span(
                        tex: tex.trimmingCharacters(in: .whitespacesAndNewlines), display: true, line: index + 1,
                        source: "$$" + tex + "$$"))
                return out + marker(spans.count - 1)
            } else {
                out.append(character)
                position += 1
            }
        }
        return out
    }

    /// The math opening at `start` and closing on the same line: `$$…$$`, `` $`…`$ `` or `$…$` (not
    /// opened before a space, closed after one, nor closed before a digit, so "$5 and $6" is no math;
    /// nor across a backtick, which opens code).
    private static func math(_ characters: [Character], at start: Int) -> (String, Bool, Int)? {
        let count = characters.count
        if start + 1 < count, characters[start + 1] == "$" {
            var position = start + 2
            while position + 1 < count {
                if characters[position] == "$", characters[position + 1] == "$", position > start + 2 {
                    return (String(characters[(start + 2)..<position]), true, position + 2)
                }
                position += 1
            }
            return nil
        }
        if start + 1 < count, characters[start + 1] == "`" {
            var position = start + 2
            while position + 1 < count {
                if characters[position] == "`", characters[position + 1] == "$", position > start + 2 {
                    return (String(characters[(start + 2)..<position]), false, position + 2)
                }
                position += 1
            }
            return nil
        }
        guard start + 1 < count, !characters[start + 1].isWhitespace else { return nil }
        var position = start + 1
        while position < count {
            let character = characters[position]
            if character == "\\" {
                position += 2
                continue
            }
            if character == "`" { return nil }
            if character == "$" {
                let next = position + 1 < count ? characters[position + 1] : " "
                guard !characters[position - 1].isWhitespace, !next.isNumber, next != "$" else { return nil }
                return (String(characters[(start + 1)..<position]), false, position + 1)
            }
            position += 1
        }
        return nil
    }

    /// Where `needle` first starts in `characters`.
    private static func firstIndex(of needle: [Character], in characters: [Character]) -> Int? {
        guard characters.count >= needle.count else { return nil }
        return (0...(characters.count - needle.count)).first {
            characters[$0..<($0 + needle.count)].elementsEqual(needle)
        }
    }

    /// Display math opened by `$$` (or `\[`) on line `index` and closed by `closing` on a later line (before any
    /// blank one or any fence, whose code is no math): the TeX, with the quote or list prefix of each further line
    /// taken off; those lines keep only it.
    private static func displayOverLines(
        _ lines: inout [String], from index: Int, after rest: [Character], closing: String
    ) -> String? {
        let prefix = lines[index].prefix { $0 == " " || $0 == ">" || $0 == "\t" }
        var tex = [String(rest)]
        var line = index + 1
        while line < lines.count {
            var body = Substring(lines[line])
            var dropped = 0
            while dropped < prefix.count, let first = body.first, first == " " || first == ">" || first == "\t" {
                body = body.dropFirst()
                dropped += 1
            }
            let text = body.drop { $0 == " " || $0 == "\t" }
            guard !text.isEmpty, !text.hasPrefix("```"), !text.hasPrefix("~~~") else { return nil }
            if let close = body.range(of: closing) {
                tex.append(String(body[..<close.lowerBound]))
                for emptied in index + 1..<line { lines[emptied] = String(prefix) }
                lines[line] = String(prefix) + body[close.upperBound...]
                return tex.joined(separator: "\n")
            }
            tex.append(String(body))
            line += 1
        }
        return nil
    }
}
