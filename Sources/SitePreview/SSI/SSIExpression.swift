import Foundation

/// The `expr` of an SSI `if` or `elif`, read as nginx reads it: `$name` holds when the variable is not
/// empty; `$name = text` and `$name != text` compare, and `$name = /regex/` and `$name != /regex/` match.
/// The left side is variable names (`$name`, `${name}`, case-insensitive) and quotes only; variables are
/// substituted on both sides, an unset one as empty text.
struct SSIExpression {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    /// Whether the expression holds; nil when nginx would reject it.
    func holds(with variables: [String: String]) -> Bool? {
        var rest = Substring(text)
        let left = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || "${}_\"'".contains($0)) }
        rest = rest.dropFirst(left.count).drop { $0 == " " }
        let leftValue = Self.substitute(left.lowercased(), variables: variables)
        guard !rest.isEmpty else { return !leftValue.isEmpty }
        let negative: Bool
        if rest.hasPrefix("!=") {
            negative = true
            rest = rest.dropFirst(2)
        } else if rest.hasPrefix("=") {
            negative = false
            rest = rest.dropFirst()
        } else {
            return nil
        }
        rest = rest.drop { $0 == " " }
        let matches: Bool
        if rest.count > 1, rest.hasPrefix("/") {
            guard rest.hasSuffix("/") else { return nil }
            let pattern = Self.substitute(String(rest.dropFirst().dropLast()), variables: variables)
            guard let regex = try? NSRegularExpression(pattern: pattern) else { return nil }
            matches = regex.firstMatch(in: leftValue, range: NSRange(leftValue.startIndex..., in: leftValue)) != nil
        } else {
            if rest.hasPrefix("\\/") { rest = rest.dropFirst() }
            matches = Self.substitute(String(rest), variables: variables) == leftValue
        }
        return matches != negative
    }

    /// `text` with `$name` and `${name}` replaced by the variables' values; `\` keeps the next character.
    static func substitute(_ text: String, variables: [String: String]) -> String {
        var result = ""
        var rest = Substring(text)
        while let character = rest.first {
            rest = rest.dropFirst()
            switch character {
            case "\\":
                if let next = rest.first {
                    result.append(next)
                    rest = rest.dropFirst()
                }
            case "$":
                var name: Substring
                if rest.first == "{", let close = rest.firstIndex(of: "}") {
                    name = rest[rest.index(after: rest.startIndex)..<close]
                    rest = rest[rest.index(after: close)...]
                } else {
                    name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
                    rest = rest.dropFirst(name.count)
                }
                result += variables[name.lowercased()] ?? ""
            default:
                result.append(character)
            }
        }
        return result
    }
}
