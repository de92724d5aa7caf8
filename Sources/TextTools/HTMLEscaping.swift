extension String {
    /// The text with `& < > " '` escaped, for hand-written HTML such as redirect stubs. Goes by Unicode
    /// scalar, not by character: `"` followed by a combining mark is one Swift character, and a quote that
    /// went through unescaped would end the attribute it stands in.
    public var htmlEscaped: String {
        var escaped = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            switch scalar {
            case "&": escaped.append(contentsOf: "&amp;".unicodeScalars)
            case "<": escaped.append(contentsOf: "&lt;".unicodeScalars)
            case ">": escaped.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": escaped.append(contentsOf: "&quot;".unicodeScalars)
            case "'": escaped.append(contentsOf: "&#39;".unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}
