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
/// GitHub, such a block stays HTML. With `markdown="span"` the content is text, as Python-Markdown reads it: its
/// opening line starts with `spanStart` instead, and once the page is rendered its paragraphs are written without
/// `<p>` (`unwrapSpans`), so a figure holds its image and caption alone.
enum MarkdownInHTML {
    /// The empty comment that makes a tag's line an HTML block of its own.
    static let blockEnd = "<!---->"
    /// The comment that opens a `markdown="span"` element's line instead, taken out when it is rendered.
    static let spanStart = "<!--markdown=span-->"

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
    /// the line written as a block of its own without the attribute. The tag is read as every raw HTML tag of the
    /// build is (`HTMLTags`), so a `markdown` inside another attribute's value is no attribute.
    private static func openingTag(in line: String) -> (name: String, rewritten: String)? {
        let bytes = Array(line.utf8)
        let indent = bytes.prefix { $0 == UInt8(ascii: " ") }.count
        guard indent <= 3, indent < bytes.count, bytes[indent] == UInt8(ascii: "<") else { return nil }
        var markdown: (name: Range<Int>, value: Range<Int>?)?
        let isMarkdown = { (name: Range<Int>) in String(decoding: bytes[name], as: UTF8.self).lowercased() == "markdown"
        }
        let read = bytes.withUnsafeBufferPointer { buffer in
            HTMLTags.tag(
                in: buffer, at: indent,
                attribute: { _, name, value in if isMarkdown(name) { markdown = (name, value) } },
                bareAttribute: { name in if isMarkdown(name) { markdown = (name, nil) } })
        }
        guard let tag = read, tag.kind == .start, bytes[tag.end - 1] == UInt8(ascii: ">"),
            bytes[tag.end - 2] != UInt8(ascii: "/"), bytes[tag.end...].allSatisfy(HTMLTags.isSpace), let markdown
        else { return nil }
        let name = String(decoding: bytes[tag.name], as: UTF8.self)
        guard !rawElements.contains(name.lowercased()) else { return nil }
        var end = markdown.name.upperBound
        var start = blockEnd
        if let value = markdown.value {
            let mode = String(decoding: bytes[value], as: UTF8.self).lowercased()
            guard ["1", "block", "span"].contains(mode) else { return nil }
            if mode == "span" { start = spanStart }
            let quoted =
                bytes[value.lowerBound - 1] == UInt8(ascii: "\"") || bytes[value.lowerBound - 1] == UInt8(ascii: "'")
            end = value.upperBound + (quoted ? 1 : 0)
        }
        var kept = markdown.name.lowerBound
        while HTMLTags.isSpace(bytes[kept - 1]) { kept -= 1 }
        let rewritten = bytes[indent..<kept] + bytes[end..<tag.end]
        return (
            name.lowercased(),
            String(repeating: " ", count: indent) + start + String(decoding: rewritten, as: UTF8.self)
        )
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
