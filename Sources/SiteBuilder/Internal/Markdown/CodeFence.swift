/// Fenced code blocks as CommonMark opens and closes them, for the passes that rewrite Markdown
/// before cmark-gfm parses it and must leave code alone.
enum CodeFence {
    /// Follows fences line by line.
    struct Tracker {
        private var open: (character: Character, count: Int)?

        /// True when `line` opens, closes or lies inside a fenced code block.
        mutating func consume(_ line: String) -> Bool {
            let trimmed = line.drop { $0 == " " }
            guard line.count - trimmed.count <= 3 || open != nil else { return false }
            let character = trimmed.first
            let count = character == "`" || character == "~" ? trimmed.prefix { $0 == character }.count : 0
            if let fence = open {
                if character == fence.character, count >= fence.count,
                    trimmed.dropFirst(count).allSatisfy({ $0 == " " || $0 == "\t" }), line.count - trimmed.count <= 3
                {
                    open = nil
                }
                return true
            }
            guard count >= 3, let character else { return false }
            if character == "`", trimmed.dropFirst(count).contains("`") { return false }
            open = (character, count)
            return true
        }
    }
}
