import CMarkGFM
import TextTools

extension MarkdownDocument {
    /// Swaps every code block whose fence names a known language for a custom block with the same
    /// `<pre><code class="language-…">` cmark-gfm writes, holding the highlighted code. Blocks without
    /// a language, or with an unknown one, are left to cmark-gfm, which writes them as escaped text.
    func highlightCodeBlocks() {
        for node in codeBlockNodes {
            let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
            let language = String(info.prefix { $0 != " " && $0 != "\t" })
            let code = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            guard !language.isEmpty, let html = CodeHighlighter.html(for: code, language: language) else { continue }
            let block = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK)!
            cmark_node_set_on_enter(block, "<pre><code class=\"language-\(language.htmlEscaped)\">\(html)</code></pre>")
            cmark_node_set_on_exit(block, "")
            cmark_node_replace(node, block)
            cmark_node_free(node)
        }
    }
}
