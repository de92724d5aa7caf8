import Foundation

/// Links as a Jekyll site writes them: `{{ site.baseurl }}/guide/setup.html` is the site-absolute
/// `/guide/setup.html` (which `LinkResolver` reads as `guide/setup.md`); any other Liquid expression in a link is
/// left as written, with a warning, as sitegen evaluates no templates in Markdown.
enum JekyllLinks {
    /// The site-absolute path after the base URL variables a destination starts with (`{{ site.baseurl }}`,
    /// `{{site.url}}{{site.baseurl}}`); nil when it starts with none, or no `/` follows them.
    static func withoutBaseURL(_ destination: String) -> String? {
        guard destination.utf8.first == UInt8(ascii: "{") else { return nil }
        var rest = Substring(destination)
        var stripped = false
        while rest.hasPrefix("{{"), let close = rest.range(of: "}}") {
            let expression = rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound].drop { $0 == " " }
            let end = expression.lastIndex { $0 != " " }.map { expression.index(after: $0) } ?? expression.startIndex
            guard baseURLVariables.contains(expression[..<end]) else { break }
            rest = rest[close.upperBound...]
            stripped = true
        }
        return stripped && rest.hasPrefix("/") ? String(rest) : nil
    }

    /// Whether `destination` holds a Liquid output `{{ … }}` or tag `{% … %}`.
    static func holdsTemplate(_ destination: String) -> Bool {
        destination.containsBytes("{{") || destination.containsBytes("{%")
    }

    private static let baseURLVariables: Set<Substring> = ["site.baseurl", "site.url", "site.github.url"]
}
