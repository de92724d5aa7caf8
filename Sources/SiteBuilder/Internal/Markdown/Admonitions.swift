import Foundation

/// MkDocs / Python-Markdown admonitions (`!!! kind "Title"`, collapsible `???` and open `???+`, the
/// space after the marks optional, the content indented by four spaces) and MkDocs Material's content tabs
/// (`=== "Title"`, the same but for the title, which a tab must have), and the containers of Docusaurus,
/// VitePress and Pandoc (`:::kind Title` or `:::kind[Title]`, the content not indented, up to a line of as many
/// colons or more; see `Admonitions.containerOpener`), rewritten before cmark-gfm parses the page into the
/// block quote a GitHub alert is: `> [!kind]` followed by the content, dedented and quoted. An admonition
/// indented inside a list item, as Python-Markdown reads one, becomes a quote indented as much. Every line
/// stays on its line (a container's closing line becomes blank), so cmark's line numbers are still the file's;
/// what the quote cannot say (title, folding) is kept by the line of its marker, where `MarkdownDocument` turns
/// the quote into a callout.
enum Admonitions {
    /// What an admonition's opening line said beyond its kind.
    struct Header: Sendable, Equatable {
        /// The title as written; nil when none was given, "" when an empty one was (no title shown).
        var title: String?
        /// `???` (closed) or `???+` (open); nil for `!!!`.
        var collapsedOpen: Bool?
        /// A content tab of MkDocs Material (`=== "Title"`), shown under its title rather than as a callout.
        var isTab = false
    }

    /// `text` with every admonition outside code rewritten, and each one's header by its 1-based line;
    /// nil when there is none.
    static func rewrite(_ text: String) -> (text: String, headers: [Int: Header])? {
        guard
            text.containsBytes("!!!") || text.containsBytes("???") || text.containsBytes(":::")
                || text.containsBytes("===")
        else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var headers: [Int: Header] = [:]
        rewrite(&lines, range: 0..<lines.count, headers: &headers)
        guard !headers.isEmpty else { return nil }
        return (lines.joined(separator: "\n"), headers)
    }

    private static func rewrite(_ lines: inout [String], range: Range<Int>, headers: inout [Int: Header]) {
        var fence = CodeFence.Tracker()
        var blocks = IndentedCode()
        var index = range.lowerBound
        while index < range.upperBound {
            defer { index += 1 }
            guard !fence.consume(lines[index]), !blocks.isCode(lines[index]) else { continue }
            let margin = Indentation.columns(of: lines[index])
            let trimmed = String(lines[index].drop { $0 == " " || $0 == "\t" })
            if let container = containerOpener(trimmed) {
                index = rewriteContainer(
                    &lines, at: index, in: range, margin: margin, opener: container, headers: &headers,
                    blocks: &blocks)
                continue
            }
            guard let (kind, header) = opener(trimmed) else { continue }
            var end = index + 1
            var last = index
            while end < range.upperBound,
                Indentation.isBlank(lines[end]) || Indentation.columns(of: lines[end]) >= margin + 4
            {
                if !Indentation.isBlank(lines[end]) { last = end }
                end += 1
            }
            for line in index + 1..<last + 1 { lines[line] = Indentation.dedented(lines[line], by: margin + 4) }
            if last > index { rewrite(&lines, range: index + 1..<last + 1, headers: &headers) }
            let pad = String(repeating: " ", count: margin)
            lines[index] = pad + "> [!\(kind)]"
            for line in index + 1..<last + 1 {
                lines[line] = pad + (lines[line].isEmpty ? ">" : "> " + lines[line])
                _ = blocks.isCode(lines[line])
            }
            headers[index + 1] = header
            index = last
        }
    }

    /// Rewrites the container opening at line `index` into a quote, up to the line that closes it or the end of
    /// `range`, and returns the index of its last line. A container of a kind no callout is (VitePress's
    /// `code-group`, Pandoc's `::: aside`) loses its opening and closing lines, and its content is read as if it
    /// were not in one: the index returned is the opening line's.
    private static func rewriteContainer(
        _ lines: inout [String], at index: Int, in range: Range<Int>, margin: Int, opener: ContainerOpener,
        headers: inout [Int: Header], blocks: inout IndentedCode
    ) -> Int {
        var fence = CodeFence.Tracker()
        var end = index + 1
        while end < range.upperBound {
            if !fence.consume(lines[end]), Indentation.columns(of: lines[end]) < margin + 4,
                closes(lines[end], colons: opener.colons)
            {
                break
            }
            end += 1
        }
        guard Callouts.knownKind(opener.kind) != nil else {
            lines[index] = ""
            if end < range.upperBound { lines[end] = "" }
            return index
        }
        for line in index + 1..<end { lines[line] = Indentation.dedented(lines[line], by: margin) }
        if end > index + 1 { rewrite(&lines, range: index + 1..<end, headers: &headers) }
        let pad = String(repeating: " ", count: margin)
        lines[index] = pad + "> [!\(opener.kind)]"
        for line in index + 1..<end {
            lines[line] = pad + (Indentation.isBlank(lines[line]) ? ">" : "> " + lines[line])
            _ = blocks.isCode(lines[line])
        }
        headers[index + 1] = opener.header
        guard end < range.upperBound else { return end - 1 }
        lines[end] = ""
        _ = blocks.isCode(lines[end])
        return end
    }

    /// Whether `line` closes a container opened with `colons` colons: as many colons or more, alone on it.
    private static func closes(_ line: String, colons: Int) -> Bool {
        let marks = line.drop { $0 == " " || $0 == "\t" }.prefix { $0 == ":" }
        return marks.count >= colons
            && Indentation.isBlank(String(line.drop { $0 == " " || $0 == "\t" }.dropFirst(marks.count)))
    }

    /// The opening line `opener` reads back as `kind` and `header`, for the passes that rewrite other tools' callouts
    /// and tabs into admonitions: `!!! warning "Mind the gap"`, `???+ note "More"`, `=== "macOS"`. A quote in the
    /// title is written as its entity, which the title's Markdown shows as one.
    static func openingLine(kind: String, header: Header) -> String {
        let title = "\"" + (header.title ?? "").replacingOccurrences(of: "\"", with: "&quot;") + "\""
        if header.isTab { return "=== " + title }
        let marks = header.collapsedOpen.map { $0 ? "???+" : "???" } ?? "!!!"
        return "\(marks) \(kind) \(title)"
    }

    /// The kind and header of an opening line such as `!!! warning "Mind the gap"`, or of a content tab's,
    /// `=== "Title"` (pymdownx.tabbed, its title required; `===!`, which starts a new set of tabs, and `===+`, the
    /// one selected first, only matter where one tab shows at a time). A line holding a line end (a lone `\r`, which
    /// ends a line for cmark) opens nothing: its title would run over two lines, and the rewrite would lose one.
    static func opener(_ line: String) -> (kind: String, header: Header)? {
        guard !line.contains(where: \.isNewline) else { return nil }
        let collapsedOpen: Bool?
        var rest: Substring
        if line.hasPrefix("===") {
            let marks = line.dropFirst(3).prefix { $0 == "!" || $0 == "+" }
            let words = line.dropFirst(3 + marks.count)
            let title = words.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " }.reversed()
            guard marks.count <= 2, words.first == " " || words.first == "\t", title.count >= 2, title.first == "\"",
                title.last == "\""
            else { return nil }
            return ("tab", Header(title: String(title.dropFirst().dropLast()), isTab: true))
        } else if line.hasPrefix("!!!") {
            (collapsedOpen, rest) = (nil, line.dropFirst(3))
        } else if line.hasPrefix("???+") {
            (collapsedOpen, rest) = (true, line.dropFirst(4))
        } else if line.hasPrefix("???") {
            (collapsedOpen, rest) = (false, line.dropFirst(3))
        } else {
            return nil
        }
        rest = rest.drop { $0 == " " }
        let kind = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        guard !kind.isEmpty else { return nil }
        rest = rest.dropFirst(kind.count)
        // Further class names after the kind, as Python-Markdown allows, only style; they are dropped.
        while rest.first == " " {
            rest = rest.drop { $0 == " " }
            if rest.isEmpty || rest.first == "\"" { break }
            let word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
            guard !word.isEmpty else { return nil }
            rest = rest.dropFirst(word.count)
        }
        var title: String?
        if rest.first == "\"" {
            let trimmed = rest.reversed().drop { $0 == " " }.reversed()
            guard trimmed.count >= 2, trimmed.last == "\"" else { return nil }
            title = String(trimmed.dropFirst().dropLast())
        } else if !rest.allSatisfy({ $0 == " " }) {
            return nil
        }
        return (String(kind), Header(title: title, collapsedOpen: collapsedOpen))
    }
}
