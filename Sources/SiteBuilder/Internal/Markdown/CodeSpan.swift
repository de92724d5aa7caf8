/// Inline code as CommonMark reads it on a line: from a run of backticks to the next run as long. The passes that
/// rewrite Markdown before cmark parses it (`MathSpans`, `HugoRefs`, `WikiLinks`) step over code with it, so what
/// code shows stays as written.
enum CodeSpan {
    /// Where the code span opening at `start` ends (past its closing backticks); past the opening run when it has no
    /// closing one on the line, so that the run is text.
    static func end(in characters: [Character], at start: Int) -> Int {
        let run = runEnd(in: characters, from: start)
        var position = run
        while position < characters.count {
            guard characters[position] == "`" else {
                position += 1
                continue
            }
            let end = runEnd(in: characters, from: position)
            if end - position == run - start { return end }
            position = end
        }
        return run
    }

    /// Whether a run of backticks in `text` has no closing run in it: then what follows `text` on its line may be
    /// code, if the run closes there or on a later line.
    static func leavesOpen(_ text: Substring) -> Bool {
        let characters = Array(text)
        var position = 0
        while position < characters.count {
            guard characters[position] == "`" else {
                position += 1
                continue
            }
            let end = end(in: characters, at: position)
            if end == runEnd(in: characters, from: position) { return true }
            position = end
        }
        return false
    }

    /// Past the run of backticks at `start`.
    private static func runEnd(in characters: [Character], from start: Int) -> Int {
        var end = start
        while end < characters.count, characters[end] == "`" { end += 1 }
        return end
    }

    /// `line` with what `replacement` finds outside code spans replaced; nil when it finds nothing. At each
    /// character outside code, `replacement` is given the line's characters, the position and what the result
    /// holds so far, and answers the text to write and how many characters it stands for, or nil.
    static func rewritingOutside(
        _ line: String, _ replacement: ([Character], Int, String) -> (text: String, length: Int)?
    ) -> String? {
        let characters = Array(line)
        var result = ""
        var position = 0
        var changed = false
        while position < characters.count {
            if characters[position] == "`" {
                let end = end(in: characters, at: position)
                result.append(contentsOf: characters[position..<end])
                position = end
            } else if let (text, length) = replacement(characters, position, result) {
                result += text
                position += length
                changed = true
            } else {
                result.append(characters[position])
                position += 1
            }
        }
        return changed ? result : nil
    }
}
