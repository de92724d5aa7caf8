import CMarkGFM
import Foundation
import TextTools

/// Attribute lists (`AttributeList`) on a line of their own that give a block an id, classes and attributes, as
/// kramdown (Jekyll's Markdown, and so Just the Docs), MkDocs's attr_list and Hugo write them:
/// - on the last line of a paragraph, `{: .note }` or `{.note}`, for that paragraph;
/// - kramdown's on its first line, `{: .note }` (the colon is needed), for the paragraph it opens;
/// - kramdown's alone between blocks, for the block right above it (`## Contents` then `{: .no_toc }`), else for
///   the one right below it (a quote, a list, a table, a code block); one with a blank line on both sides is left
///   out, as kramdown leaves it;
/// - on the last line of a list item: indented as the item's text, for the item when the list is tight (a loose
///   one's paragraph takes it); not indented, which kramdown reads after the list, for the list;
/// - kramdown's right under a table, which GFM reads as the table's last row, for the table.
///
/// The line must be written so in the page: braces that an escape or an entity spells stay text. kramdown's
/// `{:toc}` under a list of one item (`* TOC`) puts the page's table of contents there (`ContentsMarker`).
///
/// Blocks are marked when the page is parsed and take their attributes when it is rendered, after every pass that
/// swaps a block for a custom one (`CMark.replace` keeps the mark): the block is rendered alone, and the attributes
/// join its opening tag; classes add to those it has, and an id or attribute it already has is kept. A paragraph or
/// quote whose class names a callout of Just the Docs becomes that callout (`JekyllCallout`).
struct BlockAttributes {
    /// The attribute lists found, the one for a block marked `n` at `lists[n - 1]`.
    private(set) var lists: [AttributeList] = []
    /// The headings given attribute lines, with them: an id is the heading's as its own `{#id}` would make it, and
    /// kramdown's class `no_toc` leaves it out of the tables of contents.
    private(set) var headings: [(heading: OpaquePointer, attributes: AttributeList)] = []
    /// The ids given to blocks other than headings, which links may name.
    private(set) var anchors: [String] = []
    /// The lists kramdown's `{:toc}` replaces with the table of contents.
    private(set) var contentsLists: [OpaquePointer] = []

    /// Whether `paragraph` may hold an attribute line: its text opens with `{` or ends with `}`.
    static func mayHold(_ paragraph: OpaquePointer) -> Bool {
        func literal(_ node: OpaquePointer?) -> UnsafePointer<CChar>? {
            guard let node, cmark_node_get_type(node) == CMARK_NODE_TEXT else { return nil }
            return cmark_node_get_literal(node)
        }
        if let first = literal(cmark_node_first_child(paragraph)), first[0] == CChar(UInt8(ascii: "{")) {
            return true
        }
        guard let last = literal(cmark_node_last_child(paragraph)) else { return false }
        let length = strlen(last)
        return length > 0 && last[length - 1] == CChar(UInt8(ascii: "}"))
    }

    /// Whether the text node `text` may be an attribute line under a table: it opens with `{` and is in the first
    /// cell of a row.
    static func mayEndTable(_ text: OpaquePointer) -> Bool {
        guard let literal = cmark_node_get_literal(text), literal[0] == CChar(UInt8(ascii: "{")),
            let cell = cmark_node_parent(text), cmark_node_previous(cell) == nil,
            let type = cmark_node_get_type_string(cell)
        else { return false }
        return strcmp(type, "table_cell") == 0
    }

    /// Takes the attribute lines out of `blocks`, parsed from `source`, marking the blocks they are for: the
    /// paragraphs `mayHold` found and the table rows whose first cell `mayEndTable` found, in document order.
    init(taking blocks: [OpaquePointer], source: inout SourceLines) {
        for block in blocks {
            if cmark_node_get_type(block) == CMARK_NODE_PARAGRAPH {
                take(from: block, source: &source)
            } else {
                take(fromRow: block, source: &source)
            }
        }
    }

    /// The row is a table's last, its line is an attribute line with the colon and nothing else (no `|`): the line
    /// leaves the table, and the table takes the attributes.
    private mutating func take(fromRow row: OpaquePointer, source: inout SourceLines) {
        guard cmark_node_next(row) == nil, let table = cmark_node_parent(row), Self.isTable(table),
            let cell = cmark_node_first_child(row), cmark_node_get_start_line(row) > 0
        else { return }
        var nodes: [OpaquePointer] = []
        var node = cmark_node_first_child(cell)
        while let current = node {
            nodes.append(current)
            node = cmark_node_next(current)
        }
        var other = cmark_node_next(cell)
        while let current = other {
            guard cmark_node_first_child(current) == nil else { return }
            other = cmark_node_next(current)
        }
        let number = Int(cmark_node_get_start_line(row))
        guard let line = Self.attributeLine(nodes, on: number, &source), line.hasColon else { return }
        cmark_node_unlink(row)
        cmark_node_free(row)
        mark(table, with: line.attributes)
    }

    private mutating func take(from paragraph: OpaquePointer, source: inout SourceLines) {
        let lines = Self.lines(of: paragraph)
        guard let first = Self.firstLine(of: paragraph) else { return }
        // The list's text must be text alone, so that no link, raw HTML or math of it is freed with it.
        if lines.count == 2, isContentsList(paragraph),
            Self.text(of: lines[1], writtenOn: first + 1, in: &source)?.elementsEqual("{:toc}".utf8) == true,
            Self.text(of: lines[0], writtenOn: first, in: &source, afterAnything: true) != nil
        {
            contentsLists.append(cmark_node_parent(cmark_node_parent(paragraph)))
            return
        }
        if lines.count > 1, let line = Self.attributeLine(lines[lines.count - 1], on: first + lines.count - 1, &source)
        {
            Self.remove(lines[lines.count - 1], with: cmark_node_previous(lines[lines.count - 1][0]))
            mark(target(of: paragraph, lazyLine: line.isLazy), with: line.attributes)
        } else if lines.count > 1, let line = Self.attributeLine(lines[0], on: first, &source), line.hasColon {
            Self.remove(lines[0], with: cmark_node_next(lines[0][lines[0].count - 1]))
            mark(target(of: paragraph, lazyLine: false), with: line.attributes)
        } else if lines.count == 1, let line = Self.attributeLine(lines[0], on: first, &source), line.hasColon {
            // cmark may count a blank line after a list as the list's, so the line above is asked.
            if let previous = cmark_node_previous(paragraph), !Self.isBlank(first - 1, in: &source) {
                mark(previous, with: line.attributes)
            } else if let next = cmark_node_next(paragraph),
                Int(cmark_node_get_start_line(next)) == first + 1 || cmark_node_get_start_line(paragraph) == 0
            {
                mark(next, with: line.attributes)
            }
            cmark_node_unlink(paragraph)
            cmark_node_free(paragraph)
        }
    }

    /// The line `paragraph` starts on. The lines before a table's header row, which cmark-gfm makes a paragraph of
    /// their own right above the table, have none: the table has theirs.
    private static func firstLine(of paragraph: OpaquePointer) -> Int? {
        let line = Int(cmark_node_get_start_line(paragraph))
        guard line == 0 else { return line }
        guard let table = cmark_node_next(paragraph), isTable(table) else { return nil }
        return Int(cmark_node_get_start_line(table))
    }

    private static func isTable(_ node: OpaquePointer) -> Bool {
        cmark_node_get_type_string(node).map { strcmp($0, "table") == 0 } ?? false
    }

    /// The block a paragraph's own attribute line is for (see the type's comment).
    private func target(of paragraph: OpaquePointer, lazyLine: Bool) -> OpaquePointer {
        guard let item = cmark_node_parent(paragraph), cmark_node_get_type(item) == CMARK_NODE_ITEM,
            let list = cmark_node_parent(item)
        else { return paragraph }
        if lazyLine, cmark_node_next(paragraph) == nil, cmark_node_next(item) == nil { return list }
        return cmark_node_get_list_tight(list) != 0 ? item : paragraph
    }

    /// Whether `paragraph` is the only block of the only item of a list, which `{:toc}` replaces.
    private func isContentsList(_ paragraph: OpaquePointer) -> Bool {
        guard cmark_node_previous(paragraph) == nil, cmark_node_next(paragraph) == nil,
            let item = cmark_node_parent(paragraph), cmark_node_get_type(item) == CMARK_NODE_ITEM,
            cmark_node_previous(item) == nil, cmark_node_next(item) == nil
        else { return false }
        return true
    }

    private mutating func mark(_ block: OpaquePointer, with attributes: AttributeList) {
        guard cmark_node_get_user_data(block) == nil else { return }
        lists.append(attributes)
        cmark_node_set_user_data(block, UnsafeMutableRawPointer(bitPattern: lists.count))
        if cmark_node_get_type(block) == CMARK_NODE_HEADING {
            headings.append((block, attributes))
        } else if let id = attributes.id {
            anchors.append(id)
        }
    }

    /// The inline nodes of `paragraph`, line by line.
    private static func lines(of paragraph: OpaquePointer) -> [[OpaquePointer]] {
        var lines: [[OpaquePointer]] = [[]]
        var node = cmark_node_first_child(paragraph)
        while let current = node {
            let type = cmark_node_get_type(current)
            if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                lines.append([])
            } else {
                lines[lines.count - 1].append(current)
            }
            node = cmark_node_next(current)
        }
        return lines
    }

    /// An attribute line read from `nodes`, the paragraph's line `number` of `source`.
    private struct Line {
        let attributes: AttributeList
        /// Written `{: …}`, as kramdown needs it to read the line before a block or alone.
        let hasColon: Bool
        /// Not indented past the quotes it is in.
        let isLazy: Bool
    }

    private static func attributeLine(_ nodes: [OpaquePointer], on number: Int, _ source: inout SourceLines) -> Line? {
        guard let text = text(of: nodes, writtenOn: number, in: &source), text.count > 2,
            text.first == UInt8(ascii: "{"), text.last == UInt8(ascii: "}"),
            let attributes = AttributeList(text[1..<(text.count - 1)]), !attributes.isEmpty,
            let written = source.line(number)
        else { return nil }
        var indentation = written.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == 0x3E }
        if let quote = indentation.lastIndex(of: 0x3E) {
            indentation = indentation[(quote + 1)...].dropFirst()
        }
        return Line(attributes: attributes, hasColon: text[1] == UInt8(ascii: ":"), isLazy: indentation.isEmpty)
    }

    /// The text of `nodes`, text nodes alone and without math, when line `number` of `source` is that text after quote
    /// markers and indentation, or `afterAnything` (a list item's marker); nil otherwise (an escape or an entity wrote
    /// it, or the line holds more).
    private static func text(
        of nodes: [OpaquePointer], writtenOn number: Int, in source: inout SourceLines, afterAnything: Bool = false
    ) -> ArraySlice<UInt8>? {
        var text: [UInt8] = []
        for node in nodes {
            guard cmark_node_get_type(node) == CMARK_NODE_TEXT else { return nil }
            text += CMark.literal(of: node).utf8
        }
        // Math is taken out before parsing: its marker in a text node is math, whose node must not be freed.
        guard var line = source.line(number),
            !String(decoding: text, as: UTF8.self).contains(MathSpans.open)
        else { return nil }
        while let last = line.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") || last == 0x0D {
            line.removeLast()
        }
        guard !text.isEmpty, line.count >= text.count, line.suffix(text.count).elementsEqual(text),
            afterAnything
                || line.dropLast(text.count).allSatisfy({
                    $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == 0x3E
                })
        else { return nil }
        return text[...]
    }

    /// Whether line `number` of `source` holds nothing but quote markers and white space.
    private static func isBlank(_ number: Int, in source: inout SourceLines) -> Bool {
        source.line(number)?.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x3E } ?? true
    }

    /// Unlinks and frees `nodes` and the line break `lineBreak` that parts them from the paragraph's other lines.
    private static func remove(_ nodes: [OpaquePointer], with lineBreak: OpaquePointer?) {
        for node in nodes + [lineBreak].compactMap({ $0 }) {
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
    }
}
