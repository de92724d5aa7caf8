/// MkDocs / Python-Markdown admonitions (`!!! kind "Title"`, collapsible `???` and open `???+`, the
/// content indented by four spaces), rewritten before cmark-gfm parses the page into the block quote
/// a GitHub alert is: `> [!kind]` followed by the content, dedented and quoted. Every line stays on its
/// line, so cmark's line numbers are still the file's; what the quote cannot say (title, folding) is
/// kept by the line of its marker, where `MarkdownDocument` turns the quote into a callout.
enum Admonitions {
    /// What an admonition's opening line said beyond its kind.
    struct Header: Sendable, Equatable {
        /// The title as written; nil when none was given, "" when an empty one was (no title shown).
        var title: String?
        /// `???` (closed) or `???+` (open); nil for `!!!`.
        var collapsedOpen: Bool?
    }

    /// `text` with every admonition outside fenced code rewritten, and each one's header by its
    /// 1-based line; nil when there is none.
    static func rewrite(_ text: String) -> (text: String, headers: [Int: Header])? {
        guard text.containsBytes("!!!") || text.containsBytes("???") else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var headers: [Int: Header] = [:]
        rewrite(&lines, range: 0..<lines.count, headers: &headers)
        guard !headers.isEmpty else { return nil }
        return (lines.joined(separator: "\n"), headers)
    }

    private static func rewrite(_ lines: inout [String], range: Range<Int>, headers: inout [Int: Header]) {
        var fence = CodeFence.Tracker()
        var index = range.lowerBound
        while index < range.upperBound {
            defer { index += 1 }
            guard !fence.consume(lines[index]), let (kind, header) = opener(lines[index]) else { continue }
            var end = index + 1
            var last = index
            while end < range.upperBound, isBlank(lines[end]) || indent(of: lines[end]) >= 4 {
                if !isBlank(lines[end]) { last = end }
                end += 1
            }
            for line in index + 1..<last + 1 { lines[line] = dedented(lines[line]) }
            if last > index { rewrite(&lines, range: index + 1..<last + 1, headers: &headers) }
            lines[index] = "> [!\(kind)]"
            for line in index + 1..<last + 1 { lines[line] = lines[line].isEmpty ? ">" : "> " + lines[line] }
            headers[index + 1] = header
            index = last
        }
    }

    /// The kind and header of an opening line such as `!!! warning "Mind the gap"`.
    static func opener(_ line: String) -> (kind: String, header: Header)? {
        let collapsedOpen: Bool?
        var rest: Substring
        if line.hasPrefix("!!! ") {
            (collapsedOpen, rest) = (nil, line.dropFirst(4))
        } else if line.hasPrefix("???+ ") {
            (collapsedOpen, rest) = (true, line.dropFirst(5))
        } else if line.hasPrefix("??? ") {
            (collapsedOpen, rest) = (false, line.dropFirst(4))
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

    private static func isBlank(_ line: String) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" } }

    private static func indent(of line: String) -> Int {
        var columns = 0
        for character in line {
            if character == " " {
                columns += 1
            } else if character == "\t" {
                columns += 4 - columns % 4
            } else {
                break
            }
        }
        return columns
    }

    /// `line` without its first four columns of indentation.
    private static func dedented(_ line: String) -> String {
        var columns = 0
        var rest = Substring(line)
        while columns < 4, let first = rest.first, first == " " || first == "\t" {
            columns += first == "\t" ? 4 - columns % 4 : 1
            rest = rest.dropFirst()
        }
        return String(rest)
    }
}
