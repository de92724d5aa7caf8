import CMarkGFM
import Foundation
import TextTools

extension MarkdownDocument {
    /// cmark-gfm writes no heading ids, so each heading is rendered on its own and swapped for a
    /// custom block carrying `<hN id="…">…</hN>`. The heading's text nodes point into the heading's
    /// own buffer, so the heading is freed only after it has been rendered and unlinked.
    static func replaceHeading(_ heading: OpaquePointer, id: String, parser: OpaquePointer) {
        let level = cmark_node_get_heading_level(heading)
        let rendered = CMark.renderHTML(heading, parser: parser)
        let open = "<h\(level)>"
        let close = "</h\(level)>\n"
        guard rendered.hasPrefix(open), rendered.hasSuffix(close) else { return }
        let inner = rendered.dropFirst(open.count).dropLast(close.count)
        let block = CMark.custom(
            CMARK_NODE_CUSTOM_BLOCK, enter: "<h\(level) id=\"\(id.htmlEscaped)\">\(inner)</h\(level)>")
        CMark.replace(heading, with: block)
    }

    /// The id the attribute block ending `heading` gives it (see `HeadingAttributes`), taken off the heading's
    /// text together with the spaces before it; nil, with the text left alone, when there is none. Most
    /// headings do not end in `}`, and that byte is all they are asked. The block must also end the heading's
    /// line in `source`, so braces that an escape (`\{#id}`) or an entity spell, or a code span holds, stay text.
    static func takeAttributes(of heading: OpaquePointer, source: inout SourceLines) -> String? {
        guard let last = cmark_node_last_child(heading), cmark_node_get_type(last) == CMARK_NODE_TEXT,
            let literal = cmark_node_get_literal(last), endsWithBrace(literal)
        else { return nil }
        // cmark splits text at `_`, `*`, `[` and the like, so the block may span several text nodes.
        var nodes: [OpaquePointer] = []
        var node: OpaquePointer? = last
        while let current = node, cmark_node_get_type(current) == CMARK_NODE_TEXT {
            nodes.append(current)
            node = cmark_node_previous(current)
        }
        nodes.reverse()
        let pieces = nodes.map { Array(CMark.literal(of: $0).utf8) }
        let text = Array(pieces.joined())
        guard let attributes = HeadingAttributes(endOf: text),
            let line = sourceLine(of: heading, in: &source),
            endsHeadingLine(line, with: text.suffix(attributes.length), isATX: isATX(heading))
        else { return nil }
        var keep = text.count - attributes.length
        while keep > 0, AttributeList.isSpace(text[keep - 1]) { keep -= 1 }
        var offset = 0
        for (node, piece) in zip(nodes, pieces) {
            let kept = max(0, min(piece.count, keep - offset))
            if kept < piece.count { cmark_node_set_literal(node, String(decoding: piece.prefix(kept), as: UTF8.self)) }
            offset += piece.count
        }
        return attributes.id
    }

    private static func endsWithBrace(_ literal: UnsafePointer<CChar>) -> Bool {
        let length = strlen(literal)
        return length > 0 && literal[length - 1] == CChar(UInt8(ascii: "}"))
    }

    /// An ATX heading (`## Title`) is one line; a setext heading is its text's lines and the underline.
    private static func isATX(_ heading: OpaquePointer) -> Bool {
        cmark_node_get_start_line(heading) == cmark_node_get_end_line(heading)
    }

    /// The line of `source` the heading's text ends on.
    private static func sourceLine(of heading: OpaquePointer, in source: inout SourceLines) -> ArraySlice<UInt8>? {
        let end = Int(cmark_node_get_end_line(heading))
        return source.line(isATX(heading) ? end : end - 1)
    }

    /// Whether `line`, without trailing spaces and an ATX heading's closing `#`s, ends with a space and `block`.
    private static func endsHeadingLine(_ line: ArraySlice<UInt8>, with block: ArraySlice<UInt8>, isATX: Bool) -> Bool {
        var line = line
        let isTrailing = { (byte: UInt8) in AttributeList.isSpace(byte) || byte == UInt8(ascii: "\r") }
        while let last = line.last, isTrailing(last) { line.removeLast() }
        if isATX, line.last == UInt8(ascii: "#") {
            while line.last == UInt8(ascii: "#") { line.removeLast() }
            guard let last = line.last, AttributeList.isSpace(last) else { return false }
            while let last = line.last, AttributeList.isSpace(last) { line.removeLast() }
        }
        guard line.count > block.count, line.suffix(block.count).elementsEqual(block) else { return false }
        return AttributeList.isSpace(line[line.endIndex - block.count - 1])
    }
}

/// The lines of a page's Markdown, found by number. Headings come in the order of their lines, so each line is
/// looked for from the one asked before: finding every heading's line reads the text once, not once a heading.
/// Few headings are asked (those ending in `}`), so the text is copied into bytes only when one is.
struct SourceLines {
    private let source: String
    private var bytes: [UInt8] = []
    private var isRead = false
    /// The number of the line starting at `start`, from 1.
    private var number = 1
    private var start = 0

    init(_ source: String) {
        self.source = source
    }

    /// Line `wanted`, from 1, without its line break; nil past the last line.
    mutating func line(_ wanted: Int) -> ArraySlice<UInt8>? {
        guard wanted >= 1 else { return nil }
        if !isRead { (bytes, isRead) = (Array(source.utf8), true) }
        if wanted < number { (number, start) = (1, 0) }
        while number < wanted {
            guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            (number, start) = (number + 1, newline + 1)
        }
        let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
        return bytes[start..<end]
    }
}
