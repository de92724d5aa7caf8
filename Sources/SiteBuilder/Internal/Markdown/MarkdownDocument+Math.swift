import CMarkGFM
import Foundation
import TextTools

/// A formula KaTeX refused or a diagram Graphviz could not read, with the line of the Markdown it is on.
struct LineMessage: Sendable, Equatable {
    let line: Int
    let message: String
}

extension MarkdownDocument {
    /// Renders every formula of the page in one request to KaTeX and puts it in place of its marker
    /// (see `MathSpans`) or of its ```` ```math ```` block. A formula KaTeX refuses shows its TeX and the
    /// error instead; the errors are returned with their lines.
    func renderMath(spans: [MathSpans.Span], textNodes: [OpaquePointer], blocks: [OpaquePointer]) -> [LineMessage] {
        let blockTeX = blocks.map { node in
            MathSpans.Span(
                tex: (cmark_node_get_literal(node).map { String(cString: $0) } ?? "")
                    .trimmingCharacters(in: .whitespacesAndNewlines), display: true,
                line: Int(cmark_node_get_start_line(node)) + 1)
        }
        let formulas = spans + blockTeX
        guard !formulas.isEmpty else { return [] }
        let rendered = KaTeX.shared.render(formulas.map { ($0.tex, $0.display) })
        let html = zip(formulas, rendered).map { Self.html($1, formula: $0) }
        for node in textNodes { replaceMarkers(in: node, html: html) }
        for (number, node) in blocks.enumerated() {
            let block = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK)!
            cmark_node_set_on_enter(block, "<p class=\"math-block\">\(html[spans.count + number])</p>\n")
            cmark_node_set_on_exit(block, "")
            cmark_node_replace(node, block)
            cmark_node_free(node)
        }
        return zip(formulas, rendered).compactMap { formula, result in
            guard case .error(let message) = result else { return nil }
            return LineMessage(line: formula.line, message: message)
        }
    }

    private static func html(_ rendered: KaTeX.Rendered, formula: MathSpans.Span) -> String {
        switch rendered {
        case .html(let html): return html
        case .error(let message):
            let element = formula.display ? "div" : "span"
            return "<\(element) class=\"math-error\"><code>\(formula.tex.htmlEscaped)</code> "
                + "<span class=\"math-error-message\">\(message.htmlEscaped)</span></\(element)>"
        }
    }

    /// Splits the text of `node` at its markers into text and rendered formulas.
    private func replaceMarkers(in node: OpaquePointer, html: [String]) {
        let text = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: MathSpans.open) {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: MathSpans.close),
                let number = Int(rest[afterOpen..<close]), html.indices.contains(number)
            else { break }
            insert(text: rest[..<open], before: node)
            let inline = cmark_node_new(CMARK_NODE_CUSTOM_INLINE)!
            cmark_node_set_on_enter(inline, html[number])
            cmark_node_set_on_exit(inline, "")
            cmark_node_insert_before(node, inline)
            rest = rest[rest.index(after: close)...]
        }
        insert(text: rest, before: node)
        cmark_node_unlink(node)
        cmark_node_free(node)
    }

    private func insert(text: Substring, before node: OpaquePointer) {
        guard !text.isEmpty else { return }
        let piece = cmark_node_new(CMARK_NODE_TEXT)!
        cmark_node_set_literal(piece, String(text))
        cmark_node_insert_before(node, piece)
    }

    /// `text` with each marker put back as the TeX it stands for, for headings' plain text.
    static func restoringTeX(_ text: String, spans: [MathSpans.Span]) -> String {
        guard text.containsBytes(String(MathSpans.open)) else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: MathSpans.open), let close = rest[open...].firstIndex(of: MathSpans.close)
        {
            result += rest[..<open]
            if let number = Int(rest[rest.index(after: open)..<close]), spans.indices.contains(number) {
                result += spans[number].tex
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
