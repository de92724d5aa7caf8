import CMarkGFM

extension AttributeList {
    /// The list `text` ends with after a space, as a heading, a table cell or a definition term may end
    /// (`Total { .num }`), and where its `{` is; nil when it ends with none.
    static func ending(_ text: [UInt8]) -> (list: AttributeList, open: Int)? {
        guard text.last == UInt8(ascii: "}"), let open = text.lastIndex(of: UInt8(ascii: "{")), open > 0,
            isSpace(text[open - 1]), let list = AttributeList(text[(open + 1)..<(text.count - 1)])
        else { return nil }
        return (list, open)
    }

    /// Takes the list text node `node` ends with after a space off it, with the spaces before it; the node is
    /// freed when nothing else was in it (`freed`). Nil, and the node as it was, when it ends with none or an empty
    /// one.
    static func take(fromEndOf node: OpaquePointer) -> (list: AttributeList, freed: Bool)? {
        guard cmark_node_get_type(node) == CMARK_NODE_TEXT else { return nil }
        let text = Array(CMark.literal(of: node).utf8)
        guard let (list, open) = ending(text), !list.isEmpty else { return nil }
        var kept = open
        while kept > 0, isSpace(text[kept - 1]) { kept -= 1 }
        guard kept == 0 else {
            cmark_node_set_literal(node, String(decoding: text[..<kept], as: UTF8.self))
            return (list, false)
        }
        cmark_node_unlink(node)
        cmark_node_free(node)
        return (list, true)
    }
}
