import TextTools

/// Obsidian's comments: `%%a note to self%%` in a line, or `%%` on a line, the note, and `%%` on a later one. Their
/// author sees them in the editor alone, and Obsidian Publish leaves them out, so no reader may get them: they are
/// taken out before parsing, outside fenced and indented code and code spans, keeping every line feed, so that
/// line numbers stay the file's (a comment over several lines leaves them empty). A `%%` that no other closes
/// hides the rest of the page, as Obsidian shows it.
enum ObsidianComments {
    /// `markdown` without its comments; nil when it has none.
    static func strip(_ markdown: String) -> String? {
        guard markdown.containsBytes("%%") else { return nil }
        var lines = markdown.linesAtLineFeeds.map(String.init)
        var code = CodeLines()
        var inComment = false
        var changed = false
        for index in lines.indices {
            if !inComment {
                guard !code.isCode(lines[index]), lines[index].containsBytes("%%") else { continue }
            }
            (lines[index], inComment) = strip(line: lines[index], inComment: inComment)
            changed = true
        }
        return changed ? lines.joined(separator: "\n") : nil
    }

    /// `line` without what is commented out in it, given whether a comment is open at its start, and whether one
    /// is open at its end. A carriage return in a comment stays, as it ends a line for cmark.
    private static func strip(line: String, inComment: Bool) -> (line: String, inComment: Bool) {
        let characters = Array(line)
        var result = ""
        var inside = inComment
        var position = 0
        func opensOrCloses(_ position: Int) -> Bool {
            characters[position] == "%" && position + 1 < characters.count && characters[position + 1] == "%"
        }
        while position < characters.count {
            if opensOrCloses(position) {
                inside.toggle()
                position += 2
            } else if inside {
                if characters[position].unicodeScalars.contains("\r") { result.append("\r") }
                position += 1
            } else if characters[position] == "`" {
                let end = CodeSpan.end(in: characters, at: position)
                result.append(contentsOf: characters[position..<end])
                position = end
            } else {
                result.append(characters[position])
                position += 1
            }
        }
        return (result, inside)
    }
}
