import CMarkGFM
import TextTools

extension MarkdownDocument {
    /// Swaps every code block whose fence names a known language, gives a title, or whose lines are marked
    /// (`MarkedCode`), for a custom block: the same `<pre><code class="language-…">` cmark-gfm writes, holding
    /// the highlighted code without the comments that marked lines, each marked line in a `<span class="hl-line">`,
    /// and for a titled one, inside a `<figure class="code-figure">` whose `<figcaption class="code-title">` is the
    /// title; a Rust block without its hidden lines (`RustHiddenLines`). Other blocks, without a language or with an
    /// unknown one, are left to cmark-gfm, which writes them as escaped text.
    func highlightCodeBlocks() {
        for node in codeBlockNodes {
            let info = CodeBlockInfo(cmark_node_get_fence_info(node).map { String(cString: $0) } ?? "")
            let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            let written = info.language == "rust" ? RustHiddenLines.shown(literal) ?? literal : literal
            let marked = MarkedCode(written, info: info)
            let code = marked.code
            let highlighted = info.language.isEmpty ? nil : CodeHighlighter.html(for: code, language: info.language)
            guard highlighted != nil || info.title != nil || !marked.marks.isEmpty || code != literal else { continue }
            let language = info.language.isEmpty ? "" : " class=\"language-\(info.language.htmlEscaped)\""
            let body = Self.markingLines(highlighted ?? code.htmlEscaped(apostrophe: false), with: marked.marks)
            var html = "<pre><code\(language)>\(body)</code></pre>"
            if let title = info.title {
                html =
                    "<figure class=\"code-figure\">\n<figcaption class=\"code-title\">\(title.htmlEscaped)</figcaption>\n"
                    + html + "\n</figure>"
            }
            let block = CMark.custom(CMARK_NODE_CUSTOM_BLOCK, enter: html)
            CMark.replace(node, with: block)
        }
    }

    /// `html` with each line `marks` marks, and its line end, in a `<span>` of the mark's classes, which the theme
    /// shows as a band across the block. Every line of `html` closes what it opens: the highlighter closes its
    /// spans at each line end, and escaped text opens none.
    private static func markingLines(_ html: String, with marks: [CodeLineMark?]) -> String {
        guard !marks.isEmpty else { return html }
        let lines = html.linesAtLineFeeds
        var marked = ""
        marked.reserveCapacity(html.utf8.count + 64)
        for (index, line) in lines.enumerated() {
            let end = index < lines.count - 1 ? "\n" : ""
            if index < marks.count, let mark = marks[index], !(line.isEmpty && end.isEmpty) {
                marked += "<span class=\"\(mark.htmlClass)\">\(line)\(end)</span>"
            } else {
                marked += line + end
            }
        }
        return marked
    }
}
