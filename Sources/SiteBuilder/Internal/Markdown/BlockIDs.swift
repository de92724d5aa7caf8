import TextTools

/// Obsidian's block ids, which name a paragraph, list item or block for a link (`[[Page#^step-2]]`): ` ^step-2` at
/// the end of the block's last line, or `^step-2` on a line of its own after a table, quote or list; an id is two
/// characters or more, so `press ^C` stays text. Rewritten before parsing, line for line, outside code, into an
/// element of that id (`<span id="^step-2"></span>` at the line's end, `<div id="^step-2"></div>` for a line of its
/// own), so the marker is not shown and the id is an anchor of the page that links are checked against.
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
        // One character is a key pressed with Ctrl (`press ^C`), as terminal docs write it; Obsidian makes ids of six.
        guard id.count > 1, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
            return nil
        }
        let before = text[..<caret]
        if before.allSatisfy({ $0 == " " || $0 == "\t" }) {
            return before + "<div id=\"^\(id)\"></div>"
        }
        guard before.last == " " || before.last == "\t", !CodeSpan.leavesOpen(before) else { return nil }
        return before + "<span id=\"^\(id)\"></span>"
    }
}
