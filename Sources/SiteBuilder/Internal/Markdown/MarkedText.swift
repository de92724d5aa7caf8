import CMarkGFM

/// Text between a pair of doubled marks: marked text as MkDocs Material (`pymdownx.mark`), Obsidian and Typora
/// write it, `==text==`, becomes `<mark>text</mark>`, which the theme shows as a highlighter would; where
/// `mkdocs.yml` lists `pymdownx.caret`, `^^text^^` becomes `<ins>text</ins>` (`MarkdownDialect`).
///
/// Read after parsing, in the text of one paragraph, heading, cell, link or emphasis at a time, so code, addresses
/// and raw HTML stay as written. A `==` opens when text follows it and closes when text comes before it (so
/// `a == b` is no mark), and a run of other than two `=` is text; marks do not nest, and each closes at the first
/// `==` that may close it. What `==` opens and nothing closes stays text, and a `==` inside a word (`Django==4.2`)
/// neither opens nor closes, as in pymdownx's smart mode, its default.
struct MarkedText {
    /// The character doubled around the text.
    let mark: Character
    /// The element the text goes in.
    let element: String

    /// `==text==`.
    static let highlighted = MarkedText(mark: "=", element: "mark")
    /// `^^text^^`.
    static let inserted = MarkedText(mark: "^", element: "ins")

    private var delimiter: String { String(repeating: mark, count: 2) }

    /// Whether `markdown` holds the doubled mark; else it holds no such text.
    func mayHold(_ markdown: String) -> Bool {
        markdown.containsBytes(delimiter)
    }

    /// Puts the text between each pair of doubled marks below `root` in the element. The text nodes are
    /// consolidated ones.
    func apply(in root: OpaquePointer) {
        var parents: [OpaquePointer] = []
        var seen: Set<OpaquePointer> = []
        CMark.walk(root) { node in
            guard cmark_node_get_type(node) == CMARK_NODE_TEXT, !CMark.isAddress(node),
                CMark.literal(of: node).contains(delimiter), let parent = cmark_node_parent(node),
                seen.insert(parent).inserted
            else { return }
            parents.append(parent)
        }
        for parent in parents { mark(childrenOf: parent) }
    }

    /// Where a `==` is: which child, and its byte offset in the child's text.
    private struct Position: Hashable {
        let child: Int
        let offset: Int
    }

    /// A `==` in the text of a child, and whether it may open or close.
    private struct Delimiter {
        let position: Position
        let opens: Bool
        let closes: Bool
    }

    /// Puts the element's tags where each pair of doubled marks among the children of `parent` stands. Each is a raw
    /// HTML node of its own rather than one node around the text, which a table cell could not hold.
    private func mark(childrenOf parent: OpaquePointer) {
        var children: [OpaquePointer] = []
        var child = cmark_node_first_child(parent)
        while let node = child {
            children.append(node)
            child = cmark_node_next(node)
        }
        let pairs = Self.pairs(of: delimiters(in: children))
        guard !pairs.isEmpty else { return }
        var tags: [Position: String] = [:]
        for (open, close) in pairs {
            tags[open.position] = "<\(element)>"
            tags[close.position] = "</\(element)>"
        }
        for (index, node) in children.enumerated() where tags.keys.contains(where: { $0.child == index }) {
            let text = CMark.literal(of: node)
            var start = text.startIndex
            var position = text.startIndex
            while let run = text[position...].firstRange(of: delimiter) {
                position = run.upperBound
                let offset = text.utf8.distance(from: text.startIndex, to: run.lowerBound)
                guard let tag = tags[Position(child: index, offset: offset)] else { continue }
                CMark.insert(CMARK_NODE_TEXT, text[start..<run.lowerBound], before: node)
                CMark.insert(CMARK_NODE_HTML_INLINE, tag, before: node)
                start = run.upperBound
            }
            CMark.insert(CMARK_NODE_TEXT, text[start...], before: node)
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
    }

    /// Every run of exactly two marks in the text children, with what it may do.
    private func delimiters(in children: [OpaquePointer]) -> [Delimiter] {
        var found: [Delimiter] = []
        for (index, node) in children.enumerated() where cmark_node_get_type(node) == CMARK_NODE_TEXT {
            let text = CMark.literal(of: node)
            var position = text.startIndex
            while let run = text[position...].firstRange(of: delimiter) {
                var end = run.upperBound
                while end < text.endIndex, text[end] == mark { end = text.index(after: end) }
                defer { position = end }
                guard text.distance(from: run.lowerBound, to: end) == 2,
                    run.lowerBound == text.startIndex || text[text.index(before: run.lowerBound)] != mark
                else { continue }
                let before: Character? =
                    run.lowerBound > text.startIndex
                    ? text[text.index(before: run.lowerBound)] : Self.neighbour(children, index - 1)
                let after: Character? = end < text.endIndex ? text[end] : Self.neighbour(children, index + 1)
                // As pymdownx's smart mark: a `==` inside a word (`Django==4.2`) neither opens nor closes.
                let inWord = { (character: Character?) in character?.isLetter == true || character?.isNumber == true }
                found.append(
                    Delimiter(
                        position: Position(
                            child: index, offset: text.utf8.distance(from: text.startIndex, to: run.lowerBound)),
                        opens: after.map { !$0.isWhitespace } == true && !inWord(before),
                        closes: before.map { !$0.isWhitespace } == true && !inWord(after)))
            }
        }
        return found
    }

    /// What stands for the child at `index` beside a delimiter: "x" for an inline node such as emphasis or code,
    /// a space for a line break, nil for none.
    private static func neighbour(_ children: [OpaquePointer], _ index: Int) -> Character? {
        guard children.indices.contains(index) else { return nil }
        let type = cmark_node_get_type(children[index])
        return type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK ? " " : "x"
    }

    /// Each opening delimiter with the first after it that may close, in order.
    private static func pairs(of delimiters: [Delimiter]) -> [(Delimiter, Delimiter)] {
        var pairs: [(Delimiter, Delimiter)] = []
        var open: Delimiter?
        for delimiter in delimiters {
            if let opener = open, delimiter.closes {
                pairs.append((opener, delimiter))
                open = nil
            } else if open == nil, delimiter.opens {
                open = delimiter
            }
        }
        return pairs
    }
}
