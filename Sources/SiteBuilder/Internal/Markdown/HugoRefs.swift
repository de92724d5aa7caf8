import TextTools

/// Hugo's `ref` and `relref` shortcodes as link destinations, as Hugo content links its pages:
/// `[Install]({{< ref "install.md" >}})`, `[Guide]({{< relref "/guide" >}})`, `[id]: {{% ref "faq#proxy" %}}`.
/// cmark reads no link there, since the shortcode holds spaces, so before parsing each is rewritten on its line
/// into a destination of its own (`<sitegen-hugo-ref:install.md>`), which `LinkResolver` resolves as Hugo does:
/// beside the page first, then from the top of the site, with or without the `.md`.
///
/// Only a shortcode that is a whole destination is rewritten, outside fenced and indented code and code spans (in
/// the pass `HugoShortcodes.rewrite` makes over the page); one anywhere else stays as written, as does the escaped
/// `{{</* ref */>}}` with which Hugo's docs show one.
enum HugoRefs {
    /// What a rewritten destination starts with.
    static let scheme = "sitegen-hugo-ref:"

    /// The path and fragment a destination rewritten from a shortcode names (`install.md#proxy`); nil for any
    /// other destination.
    static func written(in destination: String) -> String? {
        guard destination.hasPrefix(scheme) else { return nil }
        return String(destination.dropFirst(scheme.count))
    }

    /// `destination` as its author wrote it, for messages: a rewritten shortcode as `{{< ref "install.md" >}}`.
    static func asWritten(_ destination: String) -> String {
        written(in: destination).map { "{{< ref \"\($0)\" >}}" } ?? destination
    }

    /// `line` with each shortcode that is a link's or a link definition's destination rewritten; nil when it has
    /// none. `HugoShortcodes.rewrite` asks for each line outside code.
    static func rewriteLine(_ line: String) -> String? {
        guard line.containsBytes("{{") else { return nil }
        return CodeSpan.rewritingOutside(line) { characters, position, result in
            guard characters[position] == "{", opensDestination(result),
                let (path, length) = shortcode(at: String(characters[position...]))
            else { return nil }
            return ("<" + scheme + path + ">", length)
        }
    }

    /// Whether what comes after `text` is a link's destination: `text` ends in `](` or `]:`, and spaces.
    private static func opensDestination(_ text: String) -> Bool {
        let lead = String(text.reversed().drop { $0 == " " || $0 == "\t" }.prefix(2).reversed())
        return lead == "](" || lead == "]:"
    }

    /// The path a `ref` or `relref` shortcode at the start of `text` names, and how many characters the shortcode
    /// takes; nil when `text` starts with no such shortcode, or the path cannot stand in an angle-bracketed
    /// destination. A shortcode holds no line end: cmark takes a lone carriage return for one.
    private static func shortcode(at text: String) -> (path: String, length: Int)? {
        // The closing marks come after the opening ones, which `{{%}}` would otherwise share with them.
        guard text.hasPrefix("{{"), let kind = text.dropFirst(2).first, kind == "<" || kind == "%",
            let close = text.dropFirst(3).firstRange(of: kind == "<" ? ">}}" : "%}}")
        else { return nil }
        let inside = text[text.index(text.startIndex, offsetBy: 3)..<close.lowerBound]
        let words = inside.drop { $0 == " " || $0 == "\t" }
        let name = words.prefix { $0 != " " && $0 != "\t" }
        guard name == "ref" || name == "relref" else { return nil }
        let arguments = words.dropFirst(name.count).drop { $0 == " " || $0 == "\t" }
        guard !inside.contains(where: \.isNewline), let path = self.path(in: arguments),
            !path.contains(where: { "<>".contains($0) })
        else { return nil }
        return (path, text.distance(from: text.startIndex, to: close.upperBound))
    }

    /// The page a shortcode's arguments name: its `path=` argument, else its first, quoted (`"…"`, `` `…` ``) or
    /// not.
    private static func path(in arguments: Substring) -> String? {
        var value = arguments
        if let named = arguments.firstRange(of: "path=") {
            value = arguments[named.upperBound...]
        }
        guard let first = value.first else { return nil }
        if first == "\"" || first == "`" {
            let quoted = value.dropFirst()
            guard let end = quoted.firstIndex(of: first) else { return nil }
            return String(quoted[..<end])
        }
        let word = value.prefix { $0 != " " && $0 != "\t" }
        return word.isEmpty ? nil : String(word)
    }
}
