/// GitHub-style heading ids, unique within a page: "Set up nginx!" → `set-up-nginx`, then `set-up-nginx-1`.
struct HeadingIDs {
    private var used: Set<String> = []

    /// Lowercase; letters, digits, `_` and `-` kept; spaces become `-`; other punctuation dropped.
    static func slug(_ text: String) -> String {
        var slug = ""
        for character in text.lowercased() {
            if character == " " {
                slug.append("-")
            } else if character == "-" || character == "_" || character.isLetter || character.isNumber {
                slug.append(character)
            }
        }
        return slug
    }

    /// The slug of `text`, with `-1`, `-2`, … appended when an earlier heading already has it.
    mutating func uniqueID(for text: String) -> String {
        let base = Self.slug(text).isEmpty ? "section" : Self.slug(text)
        var candidate = base
        var counter = 0
        while used.contains(candidate) {
            counter += 1
            candidate = "\(base)-\(counter)"
        }
        used.insert(candidate)
        return candidate
    }
}
