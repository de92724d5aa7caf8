import CMarkGFM

/// Superscript and subscript as pymdownx's caret and tilde write them, where `mkdocs.yml` lists those extensions
/// (`MarkdownDialect`): `x^2^` is x<sup>2</sup>, `H~2~O` is H<sub>2</sub>O. The text between the marks is one word:
/// no white space but an escaped space, which is a space (`x^a\ b^` is x<sup>a b</sup>, as pymdownx reads it), and
/// no mark; a doubled mark is no single one (`^^text^^` is inserted text, `MarkedText`; `~~text~~` is struck
/// through). Read after parsing, in one text node at a time, so code, addresses and raw HTML stay as written.
struct ScriptText {
    let mark: Character
    let element: String

    /// `^text^`.
    static let raised = ScriptText(mark: "^", element: "sup")
    /// `~text~`.
    static let lowered = ScriptText(mark: "~", element: "sub")

    /// Whether `markdown` holds the mark; else it holds no such text.
    func mayHold(_ markdown: String) -> Bool {
        markdown.utf8.contains(mark.asciiValue ?? 0)
    }

    /// Puts the text between each pair of single marks below `root` in the element. The text nodes are
    /// consolidated ones.
    func apply(in root: OpaquePointer) {
        var nodes: [OpaquePointer] = []
        CMark.walk(root) { node in
            if cmark_node_get_type(node) == CMARK_NODE_TEXT, !CMark.isAddress(node),
                CMark.literal(of: node).contains(mark)
            {
                nodes.append(node)
            }
        }
        for node in nodes { write(node) }
    }

    /// Writes the text node `node` again with each word between single marks in the element.
    private func write(_ node: OpaquePointer) {
        let text = Array(CMark.literal(of: node))
        var spans: [Range<Int>] = []
        var index = 0
        while index < text.count {
            guard isSingleMark(text, at: index),
                let close = ((index + 1)..<text.count).first(where: { at in
                    text[at] == mark || text[at].isWhitespace && !(text[at] == " " && text[at - 1] == "\\")
                }),
                close > index + 1, isSingleMark(text, at: close)
            else {
                index += 1
                continue
            }
            spans.append(index..<(close + 1))
            index = close + 1
        }
        guard !spans.isEmpty else { return }
        var start = 0
        for span in spans {
            CMark.insert(CMARK_NODE_TEXT, String(text[start..<span.lowerBound]), before: node)
            CMark.insert(CMARK_NODE_HTML_INLINE, "<\(element)>", before: node)
            CMark.insert(
                CMARK_NODE_TEXT, Self.unescapingSpaces(text[(span.lowerBound + 1)..<(span.upperBound - 1)]),
                before: node)
            CMark.insert(CMARK_NODE_HTML_INLINE, "</\(element)>", before: node)
            start = span.upperBound
        }
        CMark.insert(CMARK_NODE_TEXT, String(text[start...]), before: node)
        cmark_node_unlink(node)
        cmark_node_free(node)
    }

    /// `word` with each escaped space (`\ `) a space.
    private static func unescapingSpaces(_ word: ArraySlice<Character>) -> String {
        var unescaped = ""
        for (offset, character) in zip(word.indices, word)
        where !(character == "\\" && word.index(after: offset) < word.endIndex && word[offset + 1] == " ") {
            unescaped.append(character)
        }
        return unescaped
    }

    /// Whether `text[index]` is the mark, without another beside it.
    private func isSingleMark(_ text: [Character], at index: Int) -> Bool {
        text[index] == mark && (index == 0 || text[index - 1] != mark)
            && (index + 1 == text.count || text[index + 1] != mark)
    }
}
