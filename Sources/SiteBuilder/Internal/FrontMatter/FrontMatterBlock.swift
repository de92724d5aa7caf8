/// Splits a page's text into its YAML front matter and its Markdown body.
struct FrontMatterBlock {
    /// The YAML between the `---` lines, or nil when the page has no front matter.
    let yaml: String?
    /// The Markdown after the closing `---` line.
    let body: String
    /// How many lines precede the body, to turn Markdown line numbers into file line numbers.
    let bodyLineOffset: Int

    /// Splits `text` (with `\n` line endings); nil when the opening `---` line has no closing `---` line.
    static func split(_ text: String) -> FrontMatterBlock? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, isDelimiter(first, allowDots: false) else {
            return FrontMatterBlock(yaml: nil, body: text, bodyLineOffset: 0)
        }
        for index in lines.indices.dropFirst() where isDelimiter(lines[index], allowDots: true) {
            let yaml = lines[1..<index].joined(separator: "\n")
            let closing = lines[index]
            let body = closing.endIndex < text.endIndex ? String(text[text.index(after: closing.endIndex)...]) : ""
            return FrontMatterBlock(yaml: yaml, body: body, bodyLineOffset: index + 1)
        }
        return nil
    }

    private static func isDelimiter(_ line: Substring, allowDots: Bool) -> Bool {
        var trimmed = line
        while let last = trimmed.last, last == " " || last == "\t" { trimmed = trimmed.dropLast() }
        return trimmed == "---" || (allowDots && trimmed == "...")
    }
}
