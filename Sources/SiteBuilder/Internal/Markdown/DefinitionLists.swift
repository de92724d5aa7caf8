import CMarkGFM
import Foundation

/// Definition lists, as Hugo (Goldmark), Jekyll (kramdown), MkDocs (`def_list`) and PHP Markdown Extra write them:
/// a paragraph of terms, one a line, then lines that open with a colon and a space, each a definition, which
/// may run on over the lines after it:
///
///     Access rule
///     : Who may read a page.
///
/// A blank line may stand between the terms and their definitions, and between definitions; lists that follow
/// one another are one list. Each becomes `<dl>`, `<dt>` and `<dd>` holding the terms' and definitions' inline
/// Markdown, whose links are resolved as any other. Blocks indented under a definition after a blank line are part
/// of it (see `dedentingContinuations`).
enum DefinitionLists {
    /// Whether `markdown` has a line that opens with a colon and a space or tab, after any indent and `>`: else
    /// it holds no definition list, and its tree need not be walked.
    static func mayHold(_ markdown: String) -> Bool {
        var markdown = markdown
        return markdown.withUTF8 { bytes in
            guard let start = bytes.baseAddress else { return false }
            let end = start + bytes.count
            let isIndent = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: ">") }
            var from = start
            // memchr to each colon, as `containsBytes` searches, rather than a look at every byte.
            while from < end, let hit = memchr(from, Int32(UInt8(ascii: ":")), end - from) {
                let colon = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self))
                from = colon + 1
                guard from < end, from.pointee == 0x20 || from.pointee == 0x09 else { continue }
                var lineStart = colon
                while lineStart > start, isIndent((lineStart - 1).pointee) { lineStart -= 1 }
                if lineStart == start || (lineStart - 1).pointee == UInt8(ascii: "\n") { return true }
            }
            return false
        }
    }

    /// Turns the paragraphs of `root` that are definition lists into them; run after `Callouts`, so that an
    /// alert's `[!NOTE]` line is gone before its first paragraph is read. The text nodes are consolidated ones,
    /// so a line's colon opens its first.
    static func convert(in root: OpaquePointer, continuations: [ClosedRange<Int>] = []) {
        var paragraphs: [OpaquePointer] = []
        CMark.walk(root) { node in
            if cmark_node_get_type(node) == CMARK_NODE_PARAGRAPH { paragraphs.append(node) }
        }
        var lists: Set<OpaquePointer> = []
        for paragraph in paragraphs {
            let lines = Self.lines(of: paragraph)
            let opens = lines.map { opensDefinition($0.nodes) }
            let previous = cmark_node_previous(paragraph)
            let list: OpaquePointer
            if let first = opens.firstIndex(of: true), first > 0, !opens[..<first].contains(true) {
                list = Self.list(before: paragraph, joining: previous, lists: &lists)
                for line in lines[..<first] { append(line, as: "dt", to: list) }
                appendDefinitions(lines[first...], to: list)
            } else if opens.first == true, let previous, lists.contains(previous) {
                list = previous
                appendDefinitions(lines[...], to: list)
            } else if opens.first == true, let previous, cmark_node_get_type(previous) == CMARK_NODE_PARAGRAPH,
                case let terms = Self.lines(of: previous), terms.allSatisfy({ !opensDefinition($0.nodes) })
            {
                list = Self.list(before: previous, joining: cmark_node_previous(previous), lists: &lists)
                for line in terms { append(line, as: "dt", to: list) }
                cmark_node_unlink(previous)
                cmark_node_free(previous)
                appendDefinitions(lines[...], to: list)
            } else {
                continue
            }
            cmark_node_unlink(paragraph)
            cmark_node_free(paragraph)
            if !continuations.isEmpty { attachContinuations(to: list, continuations) }
        }
    }

    /// A line of a paragraph: its inline nodes, and the line break that ends it, if any.
    private struct Line {
        var nodes: [OpaquePointer]
        var end: OpaquePointer? = nil
    }

    private static func lines(of paragraph: OpaquePointer) -> [Line] {
        var lines = [Line(nodes: [], end: nil)]
        var child = cmark_node_first_child(paragraph)
        while let node = child {
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                lines[lines.count - 1].end = node
                lines.append(Line(nodes: [], end: nil))
            } else {
                lines[lines.count - 1].nodes.append(node)
            }
            child = cmark_node_next(node)
        }
        return lines
    }

    /// Whether a line's text opens with a colon, then a space or tab, then more.
    private static func opensDefinition(_ nodes: [OpaquePointer]) -> Bool {
        guard let first = nodes.first, cmark_node_get_type(first) == CMARK_NODE_TEXT else { return false }
        let text = CMark.literal(of: first)
        guard text.hasPrefix(":"), let second = text.dropFirst().first, second == " " || second == "\t" else {
            return false
        }
        return text.dropFirst().contains { $0 != " " && $0 != "\t" } || nodes.count > 1
    }

    /// The list to add to: `previous` when it is one made here, else a new one put before `node`.
    private static func list(
        before node: OpaquePointer, joining previous: OpaquePointer?, lists: inout Set<OpaquePointer>
    ) -> OpaquePointer {
        if let previous, lists.contains(previous) { return previous }
        let list = CMark.custom(CMARK_NODE_CUSTOM_BLOCK, enter: "<dl>", exit: "</dl>")
        cmark_node_insert_before(node, list)
        lists.insert(list)
        return list
    }

    /// Each line that opens a definition starts a `<dd>`; the lines after it, to the next, run on in it, with the
    /// line breaks between them. The other line breaks stay in the paragraph, which is freed.
    private static func appendDefinitions(_ lines: ArraySlice<Line>, to list: OpaquePointer) {
        var definition: OpaquePointer?
        for index in lines.indices {
            let line = lines[index]
            if opensDefinition(line.nodes) {
                definition = append(Line(nodes: strippingColon(line.nodes)), as: "dd", to: list)
            } else if let definition {
                move(line.nodes, into: definition)
            }
            if let end = line.end, let definition, index + 1 < lines.endIndex,
                !opensDefinition(lines[index + 1].nodes)
            {
                move([end], into: definition)
            }
        }
    }

    /// Moves `line`'s nodes into a new `<tag>` at the end of `list`, and returns it.
    @discardableResult
    private static func append(_ line: Line, as tag: String, to list: OpaquePointer) -> OpaquePointer {
        var line = line
        var attributes = ""
        // A term may end with an attribute list after a space, as attr_list reads it: `Term { .x }`.
        if tag == "dt", let last = line.nodes.last, let (taken, freed) = AttributeList.take(fromEndOf: last) {
            attributes = taken.html
            if freed { line.nodes.removeLast() }
        }
        // An inline node, which cmark writes without line breaks around it: `<dt>Term</dt>`.
        let item = CMark.custom(CMARK_NODE_CUSTOM_INLINE, enter: "<\(tag)\(attributes)>", exit: "</\(tag)>\n")
        move(line.nodes, into: item)
        cmark_node_append_child(list, item)
        return item
    }

    private static func move(_ nodes: [OpaquePointer], into parent: OpaquePointer) {
        for node in nodes {
            cmark_node_unlink(node)
            cmark_node_append_child(parent, node)
        }
    }

    /// `nodes` without the colon and the spaces after it that open a definition's line: the first, their text node,
    /// is freed when nothing else is in it.
    private static func strippingColon(_ nodes: [OpaquePointer]) -> [OpaquePointer] {
        let text = CMark.literal(of: nodes[0]).dropFirst().drop { $0 == " " || $0 == "\t" }
        guard text.isEmpty else {
            cmark_node_set_literal(nodes[0], String(text))
            return nodes
        }
        cmark_node_unlink(nodes[0])
        cmark_node_free(nodes[0])
        return Array(nodes.dropFirst())
    }
}
