/// Inline code as CommonMark reads it on a line: from a run of backticks to the next run as long. The passes that
/// rewrite Markdown before cmark parses it (`MathSpans`, `HugoRefs`) step over code with it, so what code shows
/// stays as written.
enum CodeSpan {
    /// Where the code span opening at `start` ends (past its closing backticks); past the opening run when it has no
    /// closing one on the line, so that the run is text.
    static func end(in characters: [Character], at start: Int) -> Int {
        var run = start
        while run < characters.count, characters[run] == "`" { run += 1 }
        let length = run - start
        var position = run
        while position < characters.count {
            guard characters[position] == "`" else {
                position += 1
                continue
            }
            var end = position
            while end < characters.count, characters[end] == "`" { end += 1 }
            if end - position == length { return end }
            position = end
        }
        return run
    }
}
