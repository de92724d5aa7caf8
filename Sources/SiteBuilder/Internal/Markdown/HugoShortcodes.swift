import Foundation
import TextTools

/// Hugo's built-in shortcodes that content uses, read as what they show: a `figure` on a line of its own becomes
/// the `<figure>` Hugo writes, a `highlight` block the fenced code it stands for, with its lines to highlight
/// (`CodeBlockInfo`), and a `ref` or `relref` as a link's destination one `LinkResolver` resolves (`HugoRefs`).
///
/// ```markdown
/// {{< figure src="diagram.png" alt="The flow" caption="Requests, *signed in*" >}}
///
/// {{< highlight go "linenos=table,hl_lines=2 4-5" >}}
/// func main() {}
/// {{< /highlight >}}
/// ```
///
/// The block shortcodes of Hugo's docs themes that stand for callouts and tabs become the MkDocs admonitions and
/// content tabs `Admonitions` reads next (`BlockShortcode`).
///
/// All are rewritten line for line before parsing, in one pass over the page, outside code (`CodeLines`), so every line
/// number stays the file's. The page's text has `\n` line ends (`PageText`). Other shortcodes stay as written:
/// they are the site's own templates, which sitegen does not run.
enum HugoShortcodes {
    /// `markdown` with its figures, highlight blocks and refs rewritten; nil when it has none.
    static func rewrite(_ markdown: String) -> String? {
        guard markdown.containsBytes("{{<") || markdown.containsBytes("{{%") else { return nil }
        var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var code = CodeLines()
        var changed = false
        var number = 0
        // Block shortcodes opened and not yet closed, and each one closed: its opening line and closing line.
        var open: [(line: Int, name: String, opening: String, indent: String)] = []
        var blocks: [(open: Int, close: Int, opening: String, indent: String)] = []
        while number < lines.count {
            defer { number += 1 }
            guard !code.isCode(lines[number]) else { continue }
            let call = Call(line: lines[number])
            if let call, let opening = BlockShortcode.opening(call) {
                open.append((number, call.name, opening, call.indent))
                continue
            } else if let call, let index = open.lastIndex(where: { "/" + $0.name == call.name }) {
                // A block left open inside this one stays as written.
                blocks.append((open[index].line, number, open[index].opening, open[index].indent))
                open.removeSubrange(index...)
                continue
            } else if let call, call.name == "figure", call.named["src"] != nil {
                lines[number] = call.indent + figure(call)
            } else if let call, call.name == "highlight",
                let end = lines[(number + 1)...].firstIndex(where: { Call(line: $0)?.name == "/highlight" })
            {
                let marks = CodeFence.backticks(around: lines[(number + 1)..<end])
                lines[number] = call.indent + marks + info(call)
                lines[end] = call.indent + marks
                number = end
            } else if let rewritten = HugoRefs.rewriteLine(lines[number]) {
                lines[number] = rewritten
            } else {
                continue
            }
            changed = true
        }
        for block in blocks {
            lines[block.open] = block.indent + block.opening
            lines[block.close] = ""
        }
        // Then each block's content one level in, as an admonition's is, a block inside another two levels.
        for block in blocks where !block.opening.isEmpty {
            for line in block.open + 1..<block.close where !lines[line].isEmpty {
                lines[line] = "    " + lines[line]
            }
        }
        return changed || !blocks.isEmpty ? lines.joined(separator: "\n") : nil
    }

    /// The `<figure>` Hugo's `figure` shortcode writes, on one line: the image (in a link when `link` is given),
    /// then a caption of `title` and `caption`, if any, which are Markdown.
    private static func figure(_ call: Call) -> String {
        let value = { (name: String) in call.named[name].map { $0.htmlEscaped } }
        // An image needs a text for who cannot see it: the caption's, when the shortcode gives none of its own.
        let alt =
            value("alt") ?? (call.named["caption"] ?? call.named["title"]).map {
                CMark.plainText(ofInline: Substring($0)).htmlEscaped
            } ?? ""
        var image = "<img src=\"\(value("src") ?? "")\" alt=\"\(alt)\""
        for name in ["width", "height"] {
            if let given = value(name) { image += " \(name)=\"\(given)\"" }
        }
        image += ">"
        if let link = value("link") { image = "<a href=\"\(link)\">\(image)</a>" }
        var caption = ""
        if let title = call.named["title"] { caption += "<h4>\(CMark.inlineHTML(title))</h4>" }
        if let text = call.named["caption"] { caption += "<p>\(CMark.inlineHTML(text))</p>" }
        if !caption.isEmpty { caption = "<figcaption>\(caption)</figcaption>" }
        let className = value("class").map { " class=\"\($0)\"" } ?? ""
        return "<figure\(className)>\(image)\(caption)</figure>"
    }

    /// A fence's info string for a highlight block: its language, and the lines its options highlight
    /// (`hl_lines=2 4-5`, `hl_lines=["2","4-5"]`), which `CodeBlockInfo` reads.
    private static func info(_ call: Call) -> String {
        let language = call.positional.first ?? ""
        guard let options = call.positional.dropFirst().first,
            let start = options.firstRange(of: "hl_lines=")?.upperBound
        else { return language }
        var value = options[start...]
        value = value.first == "[" ? value.prefix { $0 != "]" } + "]" : value.prefix { $0 != "," }
        let lines = value.filter { $0.isNumber || $0 == "-" || $0 == " " || $0 == "," }
            .split(whereSeparator: { $0 == " " || $0 == "," }).joined(separator: " ")
        return lines.isEmpty ? language : "\(language) hl_lines=\"\(lines)\""
    }

    /// A shortcode alone on its line: `{{< name "positional" key="named" >}}`, or with `%` for `<`; it holds no line
    /// end.
    struct Call {
        let name: String
        var positional: [String] = []
        var named: [String: String] = [:]
        /// The spaces before it, which keep what it becomes in the list item it may be in.
        let indent: String

        init?(line: String) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            // A line end inside (cmark takes a lone carriage return for one) makes it two lines, neither a call.
            guard !trimmed.contains(where: \.isNewline) else { return nil }
            indent = String(line.prefix { $0 == " " || $0 == "\t" })
            let forms = [("{{<", ">}}"), ("{{%", "%}}")]
            guard let (open, close) = forms.first(where: { trimmed.hasPrefix($0.0) && trimmed.hasSuffix($0.1) }),
                trimmed.count >= open.count + close.count
            else { return nil }
            var rest = Substring(trimmed.dropFirst(open.count).dropLast(close.count))
            func word() -> String? {
                rest = rest.drop { $0 == " " || $0 == "\t" }
                guard let first = rest.first else { return nil }
                if first == "\"" || first == "`" {
                    let inside = rest.dropFirst()
                    guard let end = inside.firstIndex(of: first) else { return nil }
                    rest = inside[inside.index(after: end)...]
                    return String(inside[..<end])
                }
                let word = rest.prefix { $0 != " " && $0 != "\t" && $0 != "=" }
                rest = rest[word.endIndex...]
                return String(word)
            }
            guard let name = word(), !name.isEmpty else { return nil }
            self.name = name
            while let argument = word() {
                if rest.first == "=" {
                    rest = rest.dropFirst()
                    guard let value = word() else { return nil }
                    named[argument] = value
                } else {
                    positional.append(argument)
                }
            }
            guard rest.allSatisfy({ $0 == " " || $0 == "\t" }) else { return nil }
        }
    }
}
