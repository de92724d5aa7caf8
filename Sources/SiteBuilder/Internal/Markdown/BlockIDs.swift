import TextTools

/// Obsidian's block ids, which name a paragraph, list item or block for a link (`[[Page#^step-2]]`): ` ^step-2` at
/// the end of the block's last line, or `^step-2` on a line of its own after a table, quote or list. Rewritten
/// before parsing, line for line, outside code, into an element of that id (`<span id="^step-2"></span>` at the line's
/// end, `<div id="^step-2"></div>` for a line of its own), so the marker is not shown and the id is an anchor of the
/// page that links are checked against.
enum BlockIDs {
    /// `markdown` with its block ids rewritten; nil when it has none.
    static func rewrite(_ markdown: String) -> String? {
        guard markdown.containsBytes("^") else { return nil }
        return CodeLines.rewritingText(markdown, rewriteLine)
    }

    /// `line` with the block id it ends with as an element; nil when it ends with none.
    static func rewriteLine(_ line: String) -> String? {
        guard line.containsBytes("^") else { return nil }
        let trimmed = line.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
        let text = String(trimmed)
        guard let caret = text.lastIndex(of: "^") else { return nil }
        let id = text[text.index(after: caret)...]
        guard !id.isEmpty, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
            return nil
        }
        let before = text[..<caret]
        if before.allSatisfy({ $0 == " " || $0 == "\t" }) {
            return before + "<div id=\"^\(id)\"></div>"
        }
        guard before.last == " " || before.last == "\t", !inCode(before) else { return nil }
        return before + "<span id=\"^\(id)\"></span>"
    }

    /// What a page lacks that `fragment` names, for a broken link's message, with `place` after it: a heading, or a
    /// block by its id.
    static func missing(_ fragment: String, _ place: String = "") -> String {
        guard fragment.hasPrefix("^") else { return "no heading '#\(fragment)'\(place)" }
        return "no block '\(fragment)'\(place); a block's id ends its last line (\"… \(fragment)\")"
    }

    /// Whether a code span is open at the end of `text`: then what follows is code.
    private static func inCode(_ text: Substring) -> Bool {
        let characters = Array(text)
        var position = 0
        while position < characters.count {
            guard characters[position] == "`" else {
                position += 1
                continue
            }
            let end = CodeSpan.end(in: characters, at: position)
            // A run with no closing run is text, unless the rest of the line may close it.
            var run = position
            while run < characters.count, characters[run] == "`" { run += 1 }
            if end == run { return true }
            position = end
        }
        return false
    }
}
