import CMarkGFM

extension MarkdownInHTML {
    /// Whether `markdown`, as `rewrite` wrote it, holds an element in span mode.
    static func mayHoldSpans(_ markdown: String) -> Bool {
        markdown.containsBytes(spanStart)
    }

    /// Writes each paragraph between the tags of an element in span mode below `root` as its text alone, and takes
    /// `spanStart` off the opening tag. Run last, on blocks already given their attributes.
    static func unwrapSpans(in root: OpaquePointer, parser: OpaquePointer) {
        var openings: [OpaquePointer] = []
        CMark.walk(root) { node in
            if cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK, CMark.literal(of: node).hasPrefix(spanStart) {
                openings.append(node)
            }
        }
        for opening in openings {
            cmark_node_set_literal(opening, String(CMark.literal(of: opening).dropFirst(spanStart.count)))
            var next = cmark_node_next(opening)
            while let node = next {
                next = cmark_node_next(node)
                let type = cmark_node_get_type(node)
                if type == CMARK_NODE_HTML_BLOCK, CMark.literal(of: node).hasPrefix(blockEnd + "</") { break }
                guard type == CMARK_NODE_PARAGRAPH else { continue }
                let text = CMark.innerHTML(of: node, parser: parser)
                CMark.replace(node, with: CMark.custom(CMARK_NODE_CUSTOM_BLOCK, enter: text + "\n"))
            }
        }
    }
}
