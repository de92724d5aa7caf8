/// Which lines of a page are code, fenced (`CodeFence`) or indented (`IndentedCode`), told apart line by line as the
/// passes that rewrite Markdown before cmark-gfm parses it read the page, so that what code shows stays as written.
///
/// A fence counts inside the blocks that hold one: a quote or a GitHub alert (`> ```bash`, however many `>`), and a
/// list item's or an admonition's content, whose fence is indented four columns or more where such a line is no
/// indented code (`!!! note` then `    ```mermaid`). The fence ends with its closing line, or with the block it is in:
/// a line with fewer `>`, or, for a fence indented four columns or more, a line indented less than four.
struct CodeLines {
    private var fence = CodeFence.Tracker()
    private var indented = IndentedCode()
    /// Where the open fence opened: inside how many `>`, and how far indented after them.
    private var openedIn = (quotes: 0, indent: 0)

    /// Whether `line`, the page's next line, is code: it opens, closes or lies in a fenced block, or is indented code.
    mutating func isCode(_ line: String) -> Bool {
        let (quotes, inner) = Self.quoteContent(of: line)
        if fence.isOpen {
            let blockEnded =
                quotes < openedIn.quotes
                || openedIn.indent >= 4 && !Indentation.isBlank(inner) && Indentation.columns(of: inner) < 4
            guard blockEnded else {
                return fence.consume(openedIn.indent >= 4 ? Indentation.dedented(inner, by: openedIn.indent) : inner)
            }
            fence = CodeFence.Tracker()
        }
        let indent = Indentation.columns(of: inner)
        let deep = indent >= 4 && (quotes > 0 || !indented.continues(line))
        if indent < 4 || deep, fence.consume(deep ? Indentation.dedented(inner, by: indent) : inner) {
            openedIn = (quotes, indent)
            return true
        }
        return indented.isCode(line)
    }

    /// How many quote markers `line` starts with (`> > text`, each after up to three spaces and taking one space
    /// after it), and what follows them; `line` itself and 0 when it starts with none.
    private static func quoteContent(of line: String) -> (quotes: Int, content: String) {
        var quotes = 0
        var rest = Substring(line)
        while true {
            let spaces = rest.prefix { $0 == " " }
            guard spaces.count <= 3, rest.dropFirst(spaces.count).first == ">" else { break }
            rest = rest.dropFirst(spaces.count + 1)
            if rest.first == " " { rest = rest.dropFirst() }
            quotes += 1
        }
        return (quotes, quotes == 0 ? line : String(rest))
    }

    /// `markdown` with what `rewrite` makes of its lines, read one after another outside code. Given the lines and
    /// the index of one that is no code, `rewrite` answers nil when it leaves it as it is, that index when it
    /// rewrote that line, or the index of the last line of a block it rewrote from there: the lines after it are
    /// read from there on, and told apart from code afresh. Nil when nothing was rewritten.
    static func rewritingBlocks(_ markdown: String, _ rewrite: (inout [String], Int) -> Int?) -> String? {
        var lines = markdown.linesAtLineFeeds.map(String.init)
        var code = CodeLines()
        var changed = false
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard !code.isCode(lines[index]), let end = rewrite(&lines, index) else { continue }
            changed = true
            if end > index { (index, code) = (end, CodeLines()) }
        }
        return changed ? lines.joined(separator: "\n") : nil
    }

    /// `markdown` with each line that is no code as `rewrite` gives it; nil when it gives none.
    static func rewritingText(_ markdown: String, _ rewrite: (String) -> String?) -> String? {
        rewritingBlocks(markdown) { lines, index in
            guard let rewritten = rewrite(lines[index]) else { return nil }
            lines[index] = rewritten
            return index
        }
    }
}
