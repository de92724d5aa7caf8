import CMarkGFM
import TextTools

extension MarkdownDocument {
    /// Swaps every code block whose fence names a known language, or gives a title (`CodeBlockInfo`), for a
    /// custom block: the same `<pre><code class="language-…">` cmark-gfm writes, holding the highlighted code,
    /// and for a titled one, inside a `<figure class="code-figure">` whose `<figcaption class="code-title">` is
    /// the title. Other blocks, without a language or with an unknown one, are left to cmark-gfm, which writes
    /// them as escaped text.
    func highlightCodeBlocks() {
        for node in codeBlockNodes {
            let info = CodeBlockInfo(cmark_node_get_fence_info(node).map { String(cString: $0) } ?? "")
            let code = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            let highlighted = info.language.isEmpty ? nil : CodeHighlighter.html(for: code, language: info.language)
            guard highlighted != nil || info.title != nil else { continue }
            let language = info.language.isEmpty ? "" : " class=\"language-\(info.language.htmlEscaped)\""
            var html = "<pre><code\(language)>\(highlighted ?? code.htmlEscaped(apostrophe: false))</code></pre>"
            if let title = info.title {
                html =
                    "<figure class=\"code-figure\">\n<figcaption class=\"code-title\">\(title.htmlEscaped)</figcaption>\n"
                    + html + "\n</figure>"
            }
            let block = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK)!
            cmark_node_set_on_enter(block, html)
            cmark_node_set_on_exit(block, "")
            cmark_node_replace(node, block)
            cmark_node_free(node)
        }
    }
}
