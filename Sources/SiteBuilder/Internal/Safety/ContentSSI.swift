/// nginx runs Server Side Includes in every HTML file it serves, outside the access rules: a directive
/// written into a page could include a restricted page (`<!--# include virtual="/finance/" -->`) or print
/// each reader's session cookie (`<!--# echo var="http_cookie" -->`). Only the theme may write
/// directives; any text an author controls that reaches a page unescaped is refused where it opens one.
///
/// Escaped text is harmless (`&lt;!--#` is not a directive), so Markdown text and code may show one.
enum ContentSSI {
    static let opener = "<!--#"

    /// The 1-based lines of `text` on which a directive opens.
    static func lines(in text: String) -> [Int] {
        guard text.utf8.count >= 5 else { return [] }
        var lines: [Int] = []
        var line = 1
        var matched = 0
        let pattern = Array(opener.utf8)
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") {
                line += 1
                matched = 0
                continue
            }
            matched = byte == pattern[matched] ? matched + 1 : (byte == pattern[0] ? 1 : 0)
            if matched == pattern.count {
                if lines.last != line { lines.append(line) }
                matched = 0
            }
        }
        return lines
    }

    /// The problem for a directive found on `line` of `file`, where `place` says what the author wrote.
    static func problem(file: String, line: Int?, in place: String) -> Problem {
        Problem(
            file: file,
            line: line,
            message: "'\(opener)' in \(place) opens an nginx Server Side Include, which only templates may write "
                + "(nginx would run it for every reader, outside the access rules); remove it, show it in a code "
                + "span or block, or write it as '&lt;!--#'"
        )
    }
}
