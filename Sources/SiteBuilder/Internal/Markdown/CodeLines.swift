/// Which lines of a page are code, fenced (`CodeFence`) or indented (`IndentedCode`), told apart line by line as the
/// passes that rewrite Markdown before cmark-gfm parses it read the page, so that what code shows stays as written.
struct CodeLines {
    private var fence = CodeFence.Tracker()
    private var indented = IndentedCode()

    /// Whether `line`, the page's next line, is code: it opens, closes or lies in a fenced block, or is indented code.
    mutating func isCode(_ line: String) -> Bool {
        fence.consume(line) || indented.isCode(line)
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
