import CMarkGFM
import Foundation
import TextTools

extension BlockAttributes {
    /// Gives every block below `root` that is marked its attributes, from `lists`; an item's through its list, which
    /// is written again item by item, since a list holds nothing but items.
    static func apply(
        in root: OpaquePointer, lists: [AttributeList], callouts: [String: JekyllCallout], parser: OpaquePointer
    ) {
        guard !lists.isEmpty else { return }
        var blocks: [OpaquePointer] = []
        CMark.walk(root) { node in
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_ITEM { return }
            if cmark_node_get_user_data(node) != nil || type == CMARK_NODE_LIST && hasMarkedItem(node) {
                blocks.append(node)
            }
        }
        // Innermost first, so that a block is rendered with what it holds already given its attributes.
        for block in blocks.reversed() {
            let html: String
            if cmark_node_get_type(block) == CMARK_NODE_LIST {
                html = listHTML(block, lists: lists, parser: parser)
            } else if let attributes = attributes(of: block, lists),
                let callout = calloutHTML(block, attributes, callouts: callouts, parser: parser)
            {
                html = adding(attributes, to: callout)
            } else {
                html = adding(attributes(of: block, lists), to: CMark.renderHTML(block, parser: parser))
            }
            CMark.replace(block, with: CMark.custom(CMARK_NODE_CUSTOM_BLOCK, enter: html))
        }
    }

    /// A paragraph or quote whose classes name a callout `_config.yml` defines, as the theme's callout; with the
    /// name and `-title`, a quote titled with its first paragraph (`JekyllCallout`). Nil for any other block.
    private static func calloutHTML(
        _ block: OpaquePointer, _ attributes: AttributeList, callouts: [String: JekyllCallout], parser: OpaquePointer
    ) -> String? {
        let type = cmark_node_get_type(block)
        guard !callouts.isEmpty, type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_BLOCK_QUOTE else { return nil }
        for name in attributes.classes {
            if let callout = callouts[name] {
                let body =
                    type == CMARK_NODE_PARAGRAPH
                    ? CMark.renderHTML(block, parser: parser) : CMark.innerHTML(of: block, parser: parser)
                return Callouts.html(kind: callout.kind, title: callout.title?.htmlEscaped ?? "", body: body)
            }
            guard type == CMARK_NODE_BLOCK_QUOTE, name.hasSuffix("-title"),
                let callout = callouts[String(name.dropLast("-title".count))]
            else { continue }
            var title = ""
            if let first = cmark_node_first_child(block), cmark_node_get_type(first) == CMARK_NODE_PARAGRAPH {
                title = CMark.innerHTML(of: first, parser: parser)
                cmark_node_unlink(first)
                cmark_node_free(first)
            }
            return Callouts.html(kind: callout.kind, title: title, body: CMark.innerHTML(of: block, parser: parser))
        }
        return nil
    }

    private static func attributes(of block: OpaquePointer, _ lists: [AttributeList]) -> AttributeList? {
        guard let mark = cmark_node_get_user_data(block) else { return nil }
        let index = Int(bitPattern: mark) - 1
        return lists.indices.contains(index) ? lists[index] : nil
    }

    private static func hasMarkedItem(_ list: OpaquePointer) -> Bool {
        var item = cmark_node_first_child(list)
        while let current = item {
            if cmark_node_get_user_data(current) != nil { return true }
            item = cmark_node_next(current)
        }
        return false
    }

    /// The list's HTML: its own tag with its attributes, then each item rendered alone, with its attributes.
    private static func listHTML(_ list: OpaquePointer, lists: [AttributeList], parser: OpaquePointer) -> String {
        let rendered = CMark.renderHTML(list, parser: parser)
        guard let open = rendered.utf8.firstIndex(of: UInt8(ascii: ">")) else { return rendered }
        let tag = String(rendered[...open])
        var html = adding(attributes(of: list, lists), to: tag) + "\n"
        var item = cmark_node_first_child(list)
        while let current = item {
            html += adding(attributes(of: current, lists), to: CMark.renderHTML(current, parser: parser))
            item = cmark_node_next(current)
        }
        return html + (cmark_node_get_list_type(list) == CMARK_ORDERED_LIST ? "</ol>\n" : "</ul>\n")
    }

    /// `html` with `attributes` in its first tag: classes after those it has, an id or attribute only where it has
    /// none.
    static func adding(_ attributes: AttributeList?, to html: String) -> String {
        guard let attributes else { return html }
        var bytes = Array(html.utf8)
        guard let start = bytes.firstIndex(of: UInt8(ascii: "<")) else { return html }
        var present: [String: Range<Int>] = [:]
        var bare: Set<String> = []
        let tag = bytes.withUnsafeBufferPointer { buffer in
            HTMLTags.tag(in: buffer, at: start) { _, name, value in
                let key = String(decoding: buffer[name], as: UTF8.self).lowercased()
                if present[key] == nil { present[key] = value }
            } bareAttribute: { name in
                bare.insert(String(decoding: buffer[name], as: UTF8.self).lowercased())
            }
        }
        guard let tag, tag.kind == .start, tag.end > start, bytes[tag.end - 1] == UInt8(ascii: ">") else { return html }
        var end = tag.end - 1
        if bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        while HTMLTags.isSpace(bytes[end - 1]) { end -= 1 }
        var added = ""
        let has = { (name: String) in present[name] != nil || bare.contains(name) }
        if let id = attributes.id, !has("id") { added += " id=\"\(id.htmlEscaped)\"" }
        let classes = (attributes.classes + attributes.pairs.filter { $0.key == "class" }.map(\.value))
            .joined(separator: " ").htmlEscaped
        if !has("class"), !classes.isEmpty { added += " class=\"\(classes)\"" }
        for pair in attributes.pairs where !has(pair.key.lowercased()) && pair.key.lowercased() != "class" {
            added += " \(pair.key)=\"\(pair.value.htmlEscaped)\""
        }
        bytes.insert(contentsOf: added.utf8, at: end)
        if let value = present["class"], !classes.isEmpty {
            bytes.insert(contentsOf: ((value.isEmpty ? "" : " ") + classes).utf8, at: value.upperBound)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
