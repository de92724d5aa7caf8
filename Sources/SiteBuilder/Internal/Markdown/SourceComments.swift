import TextTools

/// Comments in a page's source that its author alone sees: Obsidian's `%%a note to self%%`, and MDX's
/// `{/* a note */}`, which Docusaurus pages write since MDX takes no HTML comment. Each stands in a line, or opens on
/// one line and closes on a later one. Obsidian Publish and Docusaurus leave them out, so no reader may get them:
/// they are taken out before parsing, before any other pass reads the page, outside fenced and indented code and
/// code spans, keeping every line feed, so that line numbers stay the file's (a comment over several lines leaves
/// them empty). A comment that nothing closes hides the rest of the page, as Obsidian shows it: a note cut short
/// stays a note, and the build warns of it on the line it opens.
enum SourceComments {
    /// How one kind of comment opens and closes, and what to say of one that nothing closes.
    private struct Marks {
        let open: [Character]
        let close: [Character]
        let unclosed: String
    }

    private static let kinds = [
        Marks(
            open: ["%", "%"], close: ["%", "%"],
            unclosed: "no %% closes the Obsidian comment this %% opens, so the rest of the page is left out, as "
                + "Obsidian leaves it out: close it with another %%, or write `%%` in backticks to show the signs"),
        Marks(
            open: ["{", "/", "*"], close: ["*", "/", "}"],
            unclosed: "no */} closes the MDX comment this {/* opens, so the rest of the page is left out: close it, "
                + "or write `{/*` in backticks to show the signs"),
    ]

    /// A page's Markdown without its comments.
    struct Stripped: Equatable {
        let text: String
        /// A warning on the line of each comment that nothing closes (1 for the first line).
        let unclosed: [LineMessage]
    }

    /// `markdown` without its comments; nil when it has none.
    static func strip(_ markdown: String) -> Stripped? {
        var stripped: Stripped?
        for marks in kinds {
            guard let next = strip(stripped?.text ?? markdown, marks) else { continue }
            stripped = Stripped(text: next.text, unclosed: (stripped?.unclosed ?? []) + next.unclosed)
        }
        return stripped
    }

    /// `markdown` without its comments of one kind; nil when it has none.
    private static func strip(_ markdown: String, _ marks: Marks) -> Stripped? {
        let open = String(marks.open)
        guard markdown.containsBytes(open) else { return nil }
        var lines = markdown.linesAtLineFeeds.map(String.init)
        var code = CodeLines()
        var inComment = false
        var openedOn = 0
        var changed = false
        for index in lines.indices {
            if !inComment {
                guard !code.isCode(lines[index]), lines[index].containsBytes(open) else { continue }
                openedOn = index
            }
            (lines[index], inComment) = strip(line: lines[index], marks, inComment: inComment)
            changed = true
        }
        guard changed else { return nil }
        let unclosed = inComment ? [LineMessage(line: openedOn + 1, message: marks.unclosed)] : []
        return Stripped(text: lines.joined(separator: "\n"), unclosed: unclosed)
    }

    /// `line` without what is commented out in it, given whether a comment is open at its start, and whether one
    /// is open at its end. A carriage return in a comment stays, as it ends a line for cmark.
    private static func strip(line: String, _ marks: Marks, inComment: Bool) -> (line: String, inComment: Bool) {
        let characters = Array(line)
        var result = ""
        var inside = inComment
        var position = 0
        func starts(_ mark: [Character], at position: Int) -> Bool {
            characters[position...].starts(with: mark)
        }
        while position < characters.count {
            if !inside, starts(marks.open, at: position) {
                inside = true
                position += marks.open.count
            } else if inside, starts(marks.close, at: position) {
                inside = false
                position += marks.close.count
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
