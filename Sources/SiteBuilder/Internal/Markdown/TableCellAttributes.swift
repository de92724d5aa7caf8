import CMarkGFM
import Foundation
import TextTools

/// The attribute list (`AttributeList`) a table cell may end with after a space, as MkDocs's attr_list reads it:
/// `| Total { .num } |` gives that cell's `<td>` (or `<th>`) the class, and the braces leave its text. A cell holds
/// no custom node, so each such cell keeps a marker, a comment right after its opening tag, which the page's HTML
/// trades for the attributes once written (`apply`).
enum TableCellAttributes {
    /// Whether `markdown` may have a table cell ending with braces; else it has none.
    static func mayHold(_ markdown: String) -> Bool {
        markdown.containsBytes("|") && markdown.containsBytes(" {")
    }

    /// What a marker opens with; its number and `-->` follow.
    private static let marker = "<!--sitegen-cell "

    /// Takes the list off each cell below `root` that ends with one, and leaves a marker there: the lists, in the
    /// markers' order. The text nodes are consolidated ones, so a cell's list is at the end of its last.
    static func take(in root: OpaquePointer) -> [AttributeList] {
        var cells: [OpaquePointer] = []
        CMark.walk(root) { node in
            if cmark_node_get_type_string(node).map({ strcmp($0, "table_cell") == 0 }) == true { cells.append(node) }
        }
        var lists: [AttributeList] = []
        for cell in cells {
            guard let last = cmark_node_last_child(cell), let (list, _) = AttributeList.take(fromEndOf: last) else {
                continue
            }
            // Text before the list was trimmed by cmark, so what was before its spaces is still in the cell.
            guard let first = cmark_node_first_child(cell) else { continue }
            CMark.insert(CMARK_NODE_HTML_INLINE, "\(marker)\(lists.count)-->", before: first)
            lists.append(list)
        }
        return lists
    }

    /// `html` with each marker gone and the opening tag before it given its list's attributes.
    static func apply(_ lists: [AttributeList], to html: String) -> String {
        guard !lists.isEmpty else { return html }
        var written = ""
        var rest = html[...]
        while let found = rest.range(of: marker) {
            guard let close = rest[found.upperBound...].range(of: "-->"),
                let number = Int(rest[found.upperBound..<close.lowerBound]), lists.indices.contains(number),
                let tag = rest[..<found.lowerBound].lastIndex(of: "<")
            else {
                // A comment the page wrote itself that looks like one: passed over as it is.
                written += rest[..<found.upperBound]
                rest = rest[found.upperBound...]
                continue
            }
            written += rest[..<tag] + BlockAttributes.adding(lists[number], to: String(rest[tag..<found.lowerBound]))
            rest = rest[close.upperBound...]
        }
        return written + rest
    }
}
