/// Fenced code blocks as CommonMark opens and closes them, for the passes that rewrite Markdown
/// before cmark-gfm parses it and must leave code alone.
enum CodeFence {
    /// The backticks a fence around `lines` takes, so that none of them closes it: three, or one more than the
    /// longest run of backticks in them.
    static func backticks(around lines: some Sequence<String>) -> String {
        var longest = 0
        for line in lines {
            var run = 0
            for character in line {
                run = character == "`" ? run + 1 : 0
                longest = max(longest, run)
            }
        }
        return String(repeating: "`", count: max(3, longest + 1))
    }

    /// Follows fences line by line.
    struct Tracker {
        private var open: (character: Character, count: Int)?

        /// Whether a fence is open: the next line is code whatever it holds, unless it closes the fence.
        var isOpen: Bool { open != nil }

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
