import Foundation

/// Python-Markdown's `md_in_html`, which MkDocs Material's grids, cards and figure captions are written with: an HTML
/// element whose opening tag, alone on its line, has a `markdown` attribute (bare, `"1"`, `"block"` or `"span"`)
/// holds Markdown, up to its closing tag alone on a later line.
///
/// ```html
/// <figure markdown="span">
///   ![Setup](setup.png){ width="300" }
///   <figcaption>The setup screen</figcaption>
/// </figure>
/// ```
///
/// CommonMark reads such lines as one HTML block up to a blank line, so the image above stays text. The pass
/// writes each of the two tag lines as a one-line HTML block (an empty comment first, `<!----><figure>`, which ends
/// its block on the same line), drops the attribute, and takes the content's common indentation off, so what lies
/// between is parsed as Markdown: its links are checked and its files take the page's rule. Line for line, so line
/// numbers stay the file's. Only where `mkdocs.yml` lists `md_in_html` (`MarkdownDialect`): elsewhere, as on
/// GitHub, such a block stays HTML. `markdown="span"` is read as blocks too, so its text comes in a paragraph.
enum MarkdownInHTML {
    /// The empty comment that makes a tag's line an HTML block of its own.
    static let blockEnd = "<!---->"

    /// Elements whose content is never Markdown, whatever their attributes say.
    private static let rawElements: Set<String> = ["script", "style", "pre", "textarea"]

    private struct Open {
        let name: String
        let line: Int
        /// The opening line as it is written once the closing tag is found.
        let rewritten: String
        /// Tags of the same name opened inside it and not closed yet.
        var depth = 0
    }

    /// `markdown` with each such element's tags made blocks of their own and its content dedented; nil when it has
    /// none.
    static func rewrite(_ markdown: String) -> String? {
        guard markdown.containsBytes("markdown") else { return nil }
        var lines = markdown.linesAtLineFeeds.map(String.init)
        var code = CodeLines()
        var open: [Open] = []
        var changed = false
        for index in lines.indices {
            guard !code.isCode(lines[index]) else { continue }
            let line = lines[index]
            if let tag = openingTag(in: line) {
                open.append(Open(name: tag.name, line: index, rewritten: tag.rewritten))
            } else if var innermost = open.last {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.lowercased() == "</\(innermost.name)>" {
                    open.removeLast()
                    guard innermost.depth == 0 else {
                        innermost.depth -= 1
                        open.append(innermost)
                        continue
                    }
                    lines[innermost.line] = innermost.rewritten
                    lines[index] = blockEnd + trimmed
                    dedent(&lines, innermost.line + 1..<index)
                    changed = true
                } else if opensElement(named: innermost.name, trimmed) {
                    open[open.count - 1].depth += 1
                }
            }
        }
        return changed ? lines.joined(separator: "\n") : nil
    }

    /// The element `line` opens when it is one opening tag with a `markdown` attribute, at most three spaces in, and
    /// the line written as a block of its own without the attribute.
    private static func openingTag(in line: String) -> (name: String, rewritten: String)? {
        let indent = line.prefix { $0 == " " }
        guard indent.count <= 3 else { return nil }
        let tag = line.dropFirst(indent.count).trimmingCharacters(in: .whitespaces)
        guard tag.hasPrefix("<"), tag.hasSuffix(">"), !tag.hasSuffix("/>"),
            tag.dropFirst().dropLast().allSatisfy({ $0 != "<" && $0 != ">" })
        else { return nil }
        let inner = tag.dropFirst().dropLast()
        let name = inner.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
        guard let first = name.first, first.isLetter, !rawElements.contains(name.lowercased()) else { return nil }
        var attributes = Array(inner.dropFirst(name.count))
        guard let range = markdownAttribute(in: attributes) else { return nil }
        attributes.removeSubrange(range)
        let rest = String(attributes).trimmingCharacters(in: .whitespaces)
        return (name.lowercased(), String(indent) + blockEnd + "<\(name)" + (rest.isEmpty ? "" : " " + rest) + ">")
    }

    /// Where `markdown`, `markdown="1"`, `"block"` or `"span"` (in either quotes or none) stands among `attributes`,
    /// with the space before it; nil when it does not, or says something else.
    private static func markdownAttribute(in attributes: [Character]) -> Range<Int>? {
        var position = 0
        while position < attributes.count {
            guard attributes[position].isWhitespace else {
                position += 1
                continue
            }
            let start = position
            while position < attributes.count, attributes[position].isWhitespace { position += 1 }
            let nameEnd = position + "markdown".count
            guard nameEnd <= attributes.count, String(attributes[position..<nameEnd]).lowercased() == "markdown",
                nameEnd == attributes.count || attributes[nameEnd].isWhitespace || attributes[nameEnd] == "="
            else { continue }
            guard nameEnd < attributes.count, attributes[nameEnd] == "=" else { return start..<nameEnd }
            var valueEnd = nameEnd + 1
            let quote = valueEnd < attributes.count && "\"'".contains(attributes[valueEnd]) ? attributes[valueEnd] : nil
            if quote != nil { valueEnd += 1 }
            while valueEnd < attributes.count,
                quote.map({ attributes[valueEnd] != $0 }) ?? !attributes[valueEnd].isWhitespace
            {
                valueEnd += 1
            }
            let value = String(attributes[(nameEnd + 1 + (quote == nil ? 0 : 1))..<valueEnd]).lowercased()
            guard ["1", "block", "span"].contains(value) else { return nil }
            return start..<min(attributes.count, valueEnd + (quote == nil ? 0 : 1))
        }
        return nil
    }

    /// Whether the trimmed line opens another element named `name` (which its own closing tag must then close first).
    private static func opensElement(named name: String, _ trimmed: String) -> Bool {
        let lowered = trimmed.lowercased()
        guard lowered.hasPrefix("<" + name) else { return false }
        let after = lowered.dropFirst(name.count + 1).first
        return (after == nil || after == ">" || after?.isWhitespace == true) && !lowered.contains("</" + name + ">")
            && !lowered.hasSuffix("/>")
    }

    /// Takes the indentation every non-blank line of `range` shares off them: content written indented inside a tag
    /// is not meant as indented code.
    private static func dedent(_ lines: inout [String], _ range: Range<Int>) {
        let columns = range.filter { !Indentation.isBlank(lines[$0]) }.map { Indentation.columns(of: lines[$0]) }
        guard let shared = columns.min(), shared > 0 else { return }
        for index in range where !Indentation.isBlank(lines[index]) {
            lines[index] = Indentation.dedented(lines[index], by: shared)
        }
    }
}
