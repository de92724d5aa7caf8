/// Indented code blocks, told apart closely enough for the passes that rewrite Markdown before cmark-gfm
/// parses it (math, admonitions) to leave them alone: lines indented by four
/// or more after a blank line (or after such a line), outside a list, whose items indent their text.
struct IndentedCode {
    private var previousBlank = true
    private var inCode = false
    private var inList = false

    /// Whether `line`, if it came next, would be indented code; nothing is noted.
    func continues(_ line: String) -> Bool {
        let indent = line.prefix { $0 == " " || $0 == "\t" }.reduce(0) { $0 + ($1 == "\t" ? 4 : 1) }
        return indent == line.count ? inCode : indent >= 4 && !inList && (previousBlank || inCode)
    }

    mutating func isCode(_ line: String) -> Bool {
        let indent = line.prefix { $0 == " " || $0 == "\t" }.reduce(0) { $0 + ($1 == "\t" ? 4 : 1) }
        let blank = indent == line.count
        defer { previousBlank = blank }
        if blank { return inCode }
        if indent >= 4, !inList, previousBlank || inCode {
            inCode = true
            return true
        }
        inCode = false
        if indent < 4 {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
            let marker = digits.isEmpty ? trimmed.prefix(1) : trimmed.dropFirst(digits.count).prefix(1)
            let isItem =
                (digits.isEmpty ? ["-", "*", "+"].contains(marker) : [".", ")"].contains(marker))
                && (trimmed.dropFirst(digits.count + 1).first.map { $0 == " " } ?? true)
            if isItem {
                inList = true
            } else if indent == 0, previousBlank {
                inList = false
            }
        }
        return false
    }
}
