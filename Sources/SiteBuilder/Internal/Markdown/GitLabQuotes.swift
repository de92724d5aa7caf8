/// GitLab's multiline quotes: a line of `>>>`, the quoted lines as they are, and a line of `>>>` that closes them.
///
///     >>>
///     Quoted, with its *Markdown*,
///
///     and more than one paragraph.
///     >>>
///
/// CommonMark reads `>>>` as three empty quotes, one inside another. Before parsing, outside code, each line
/// between the markers gains `> ` and the markers become blank lines, so the quote is a quote as `> ` writes one,
/// line for line. A marker that no other closes stays as written, and a `>>>` in code inside the quote closes
/// nothing.
enum GitLabQuotes {
    /// `markdown` with its multiline quotes written with `> `; nil when it has none.
    static func rewrite(_ markdown: String) -> String? {
        guard markdown.containsBytes(">>>") else { return nil }
        return CodeLines.rewritingBlocks(markdown) { lines, index in
            guard isMarker(lines[index]) else { return nil }
            // The quote's own lines tell their code apart among themselves, as they will once quoted.
            var quoted = CodeLines()
            guard
                let close = lines[(index + 1)...].firstIndex(where: { line in
                    !quoted.isCode(line) && isMarker(line)
                }),
                // A lone "\r" ends a line for cmark, and what follows it on the line would fall out of the quote.
                !lines[index...close].contains(where: { $0.unicodeScalars.contains("\r") })
            else { return nil }
            lines[index] = ""
            for line in index + 1..<close { lines[line] = lines[line].isEmpty ? ">" : "> " + lines[line] }
            lines[close] = ""
            return close
        }
    }

    /// Whether `line` is `>>>` alone, after no more than three spaces, with nothing after it but spaces.
    private static func isMarker(_ line: String) -> Bool {
        let rest = line.drop { $0 == " " }
        return line.count - rest.count < 4 && rest.hasPrefix(">>>")
            && rest.dropFirst(3).allSatisfy { $0 == " " || $0 == "\t" }
    }
}
