import CMarkGFM
import TextTools

/// An attribute list (`AttributeList`) right after a link, an image, emphasis or code, as MkDocs's attr_list and
/// kramdown write it: `[Get started](setup.md){ .md-button }`, `![The flow](flow.png){ width="480" loading=lazy }`,
/// `**Beta**{: .label }`, `` `GET`{ .method } ``. The element takes the id, classes and attributes, and the braces
/// leave the text. Braces that are no attribute list, or after a space, stay text.
///
/// Applied when the page is rendered, once its links are resolved: a link or emphasis becomes raw HTML nodes around
/// its text, an image or code one raw HTML node, written as cmark writes them with the attributes added.
enum InlineAttributes {
    /// Whether `markdown` has braces right after a link's or image's `)` or `]`, emphasis's `*` or `_`, or code's
    /// backtick; else it holds none.
    static func mayHold(_ markdown: String) -> Bool {
        markdown.containsBytes("){") || markdown.containsBytes("]{") || markdown.containsBytes("*{")
            || markdown.containsBytes("_{") || markdown.containsBytes("`{")
    }

    /// The elements an attribute list may follow.
    private static let kinds: Set<UInt32> = [
        CMARK_NODE_LINK.rawValue, CMARK_NODE_IMAGE.rawValue, CMARK_NODE_EMPH.rawValue, CMARK_NODE_STRONG.rawValue,
        CMARK_NODE_CODE.rawValue,
    ]

    /// Gives each link, image, emphasis and code below `root` followed by an attribute list its attributes. The
    /// text nodes are consolidated ones, so the list is at the start of one.
    static func apply(in root: OpaquePointer) {
        var nodes: [OpaquePointer] = []
        CMark.walk(root) { node in
            if kinds.contains(cmark_node_get_type(node).rawValue) { nodes.append(node) }
        }
        // Last first: an image is freed with what its text holds, which may be a link of this list, and a link's
        // text moves out of it, so every node below one is done before it.
        for node in nodes.reversed() {
            guard let next = cmark_node_next(node), cmark_node_get_type(next) == CMARK_NODE_TEXT else { continue }
            let text = Array(CMark.literal(of: next).utf8)
            guard text.first == UInt8(ascii: "{"), let close = text.firstIndex(of: UInt8(ascii: "}")),
                let attributes = AttributeList(text[1..<close]), !attributes.isEmpty
            else { continue }
            if close + 1 == text.count {
                cmark_node_unlink(next)
                cmark_node_free(next)
            } else {
                cmark_node_set_literal(next, String(decoding: text[(close + 1)...], as: UTF8.self))
            }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_CODE {
                let code = CMark.literal(of: node).htmlEscaped
                CMark.insert(CMARK_NODE_HTML_INLINE, "<code\(attributes.html)>\(code)</code>", before: node)
            } else if type == CMARK_NODE_EMPH || type == CMARK_NODE_STRONG {
                let element = type == CMARK_NODE_EMPH ? "em" : "strong"
                wrapChildren(of: node, in: "<\(element)\(attributes.html)>", "</\(element)>")
            } else {
                giveLink(node, attributes)
            }
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
    }

    /// Writes the link or image `node` as raw HTML with `attributes`, before it.
    private static func giveLink(_ node: OpaquePointer, _ attributes: AttributeList) {
        let url = (cmark_node_get_url(node).map { String(cString: $0) } ?? "").htmlEscaped
        let title = cmark_node_get_title(node).map { String(cString: $0) } ?? ""
        let titled = title.isEmpty ? "" : " title=\"\(title.htmlEscaped)\""
        if cmark_node_get_type(node) == CMARK_NODE_IMAGE {
            let alt = CMark.plainText(of: node).htmlEscaped
            CMark.insert(
                CMARK_NODE_HTML_INLINE, "<img src=\"\(url)\" alt=\"\(alt)\"\(titled)\(attributes.html) />",
                before: node)
        } else {
            wrapChildren(of: node, in: "<a href=\"\(url)\"\(titled)\(attributes.html)>", "</a>")
        }
    }

    /// Moves `node`'s children before it, between raw HTML `open` and `close`: a table cell can hold those where it
    /// could not hold a custom inline node around the children.
    private static func wrapChildren(of node: OpaquePointer, in open: String, _ close: String) {
        CMark.insert(CMARK_NODE_HTML_INLINE, open, before: node)
        while let child = cmark_node_first_child(node) {
            cmark_node_unlink(child)
            cmark_node_insert_before(node, child)
        }
        CMark.insert(CMARK_NODE_HTML_INLINE, close, before: node)
    }
}
