/// Splits a page's text into its YAML front matter and its Markdown body.
struct FrontMatterBlock {
    /// The YAML between the `---` lines, or nil when the page has no front matter.
    let yaml: String?
    /// The Markdown after the closing `---` line.
    let body: String
    /// How many lines precede the body, to turn Markdown line numbers into file line numbers.
    let bodyLineOffset: Int

    /// Splits `text` (with `\n` line endings); nil when the opening `---` line has no closing `---` line and what
    /// follows it reads as YAML (`key:`), front matter never closed. When what follows is no YAML (a blank line, a
    /// sentence), the `---` is a rule, as GitHub, MkDocs and Jekyll read it, and the whole text is the body.
    /// Scans UTF-8 bytes line by line and stops at the closing line: the body is never split up.
    static func split(_ text: String) -> FrontMatterBlock? {
        let bytes = text.utf8
        var lineStart = bytes.startIndex
        var lineNumber = 0
        var yamlStart: String.Index?
        while lineStart < bytes.endIndex {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            lineNumber += 1
            let line = text[lineStart..<lineEnd]
            let next = lineEnd < bytes.endIndex ? bytes.index(after: lineEnd) : lineEnd
            if lineNumber == 1 {
                guard isDelimiter(line, allowDots: false) else { break }
                yamlStart = next
            } else if let start = yamlStart, isDelimiter(line, allowDots: true) {
                let yaml = start < lineStart ? String(text[start..<bytes.index(before: lineStart)]) : ""
                return FrontMatterBlock(yaml: yaml, body: String(text[next...]), bodyLineOffset: lineNumber)
            }
            lineStart = next
        }
        if let start = yamlStart, opensYAML(text[start...]) { return nil }
        return FrontMatterBlock(yaml: nil, body: text, bodyLineOffset: 0)
    }

    /// Whether `text`, what follows an opening `---` that is never closed, starts with a line of YAML front matter:
    /// a key and a colon, or a comment.
    private static func opensYAML(_ text: Substring) -> Bool {
        let line = text.prefix { $0 != "\n" }
        if line.hasPrefix("#") { return true }
        let key = line.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        return !key.isEmpty && line.dropFirst(key.count).drop { $0 == " " }.hasPrefix(":")
    }

    private static func isDelimiter(_ line: Substring, allowDots: Bool) -> Bool {
        var trimmed = line
        while let last = trimmed.last, last == " " || last == "\t" { trimmed = trimmed.dropLast() }
        return trimmed == "---" || (allowDots && trimmed == "...")
    }
}
