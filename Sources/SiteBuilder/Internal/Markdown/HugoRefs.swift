/// Hugo's `ref` and `relref` shortcodes as link destinations, as Hugo content links its pages:
/// `[Install]({{< ref "install.md" >}})`, `[Guide]({{< relref "/guide" >}})`, `[id]: {{% ref "faq#proxy" %}}`.
/// cmark reads no link there, since the shortcode holds spaces, so before parsing each is rewritten on its line
/// into a destination of its own (`<sitegen-hugo-ref:install.md>`), which `LinkResolver` resolves as Hugo does:
/// beside the page first, then from the top of the site, with or without the `.md`.
///
/// Only a shortcode that is a whole destination is rewritten, outside fenced code and code spans; one anywhere
/// else stays as written, as does the escaped `{{</* ref */>}}` with which Hugo's docs show one.
enum HugoRefs {
    /// What a rewritten destination starts with.
    static let scheme = "sitegen-hugo-ref:"

    /// `markdown` with each shortcode that is a link's or a link definition's destination rewritten, line for
    /// line; nil when it holds none.
    static func rewrite(_ markdown: String) -> String? {
        guard markdown.containsBytes("{{<") || markdown.containsBytes("{{%") else { return nil }
        var fence = CodeFence.Tracker()
        var rewritten = ""
        rewritten.reserveCapacity(markdown.utf8.count)
        var changed = false
        // Split at every line feed, a CRLF's too: as a Character, "\r\n" is not "\n".
        for line in markdown.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.offset > 0 { rewritten += "\n" }
            let text = Substring(line.element)
            if !fence.consume(String(text)), let done = rewriteLine(text) {
                rewritten += done
                changed = true
            } else {
                rewritten += text
            }
        }
        return changed ? rewritten : nil
    }

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

    /// `line` with its destination shortcodes rewritten; nil when it has none.
    private static func rewriteLine(_ line: Substring) -> String? {
        guard line.contains("{{") else { return nil }
        let code = codeSpans(in: line)
        var result = ""
        var rest = line
        var changed = false
        while let open = rest.firstRange(of: "{{") {
            let before = rest[..<open.lowerBound]
            let lead = before.reversed().drop { $0 == " " || $0 == "\t" }.prefix(2)
            guard String(lead.reversed()) == "](" || String(lead.reversed()) == "]:",
                !code.contains(where: { $0.contains(open.lowerBound) }),
                let (path, end) = shortcode(at: rest[open.lowerBound...])
            else {
                result += rest[..<open.upperBound]
                rest = rest[open.upperBound...]
                continue
            }
            result += before + "<" + scheme + path + ">"
            rest = rest[end...]
            changed = true
        }
        return changed ? result + rest : nil
    }

    /// The code spans of `line`: from a run of backticks to the next run as long, as CommonMark reads them.
    private static func codeSpans(in line: Substring) -> [Range<Substring.Index>] {
        guard line.contains("`") else { return [] }
        var spans: [Range<Substring.Index>] = []
        var rest = line[...]
        while let start = rest.firstIndex(of: "`") {
            let opening = rest[start...].prefix { $0 == "`" }
            var search = rest[opening.endIndex...]
            var end: Substring.Index?
            while let next = search.firstIndex(of: "`") {
                let run = search[next...].prefix { $0 == "`" }
                if run.count == opening.count {
                    end = run.endIndex
                    break
                }
                search = search[run.endIndex...]
            }
            guard let end else {
                rest = rest[opening.endIndex...]
                continue
            }
            spans.append(start..<end)
            rest = rest[end...]
        }
        return spans
    }

    /// The path a `ref` or `relref` shortcode at the start of `text` names, and where the shortcode ends; nil when
    /// `text` starts with no such shortcode, or the path cannot stand in an angle-bracketed destination.
    private static func shortcode(at text: Substring) -> (path: String, end: Substring.Index)? {
        guard let kind = text.dropFirst(2).first, kind == "<" || kind == "%",
            let close = text.firstRange(of: kind == "<" ? ">}}" : "%}}")
        else { return nil }
        let inside = text[text.index(text.startIndex, offsetBy: 3)..<close.lowerBound]
        let words = inside.drop { $0 == " " || $0 == "\t" }
        let name = words.prefix { $0 != " " && $0 != "\t" }
        guard name == "ref" || name == "relref" else { return nil }
        let arguments = words.dropFirst(name.count).drop { $0 == " " || $0 == "\t" }
        guard !inside.contains(where: \.isNewline), let path = self.path(in: arguments),
            !path.contains(where: { "<>".contains($0) })
        else { return nil }
        return (path, close.upperBound)
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
