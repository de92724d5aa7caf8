/// Which lines of a page are code, fenced (`CodeFence`) or indented (`IndentedCode`), told apart line by line as the
/// passes that rewrite Markdown before cmark-gfm parses it read the page, so that what code shows stays as written.
struct CodeLines {
    private var fence = CodeFence.Tracker()
    private var indented = IndentedCode()

    /// Whether `line`, the page's next line, is code: it opens, closes or lies in a fenced block, or is indented code.
    mutating func isCode(_ line: String) -> Bool {
        fence.consume(line) || indented.isCode(line)
    }

    /// `markdown` with each line that is no code as `rewrite` gives it; nil when it gives none.
    static func rewritingText(_ markdown: String, _ rewrite: (String) -> String?) -> String? {
        var lines = markdown.linesAtLineFeeds.map(String.init)
        var code = CodeLines()
        var changed = false
        for index in lines.indices {
            guard !code.isCode(lines[index]), let rewritten = rewrite(lines[index]) else { continue }
            lines[index] = rewritten
            changed = true
        }
        return changed ? lines.joined(separator: "\n") : nil
    }
}
