import CMarkGFM
import Foundation
import TextTools

extension MarkdownDocument {
    /// Renders every formula of the page's text in one request to KaTeX and puts it in place of its marker
    /// (see `MathSpans`) or of its ```` ```math ```` block. A formula KaTeX refuses shows its TeX and the
    /// error instead; the errors are returned with their lines. Only formulas a text node holds are rendered:
    /// the others were put back as written (`restoreMarkers(in:)`).
    func renderMath(spans: [MathSpans.Span], textNodes: [OpaquePointer], blocks: [OpaquePointer]) -> [LineMessage] {
        let blockTeX = blocks.map { node in
            MathSpans.Span(
                tex: (cmark_node_get_literal(node).map { String(cString: $0) } ?? "")
                    .trimmingCharacters(in: .whitespacesAndNewlines), display: true,
                line: Int(cmark_node_get_start_line(node)) + 1)
        }
        let used = Set(textNodes.flatMap { Self.markerNumbers(in: CMark.literal(of: $0)) })
            .filter(spans.indices.contains).sorted()
        let formulas = used.map { spans[$0] } + blockTeX
        guard !formulas.isEmpty else { return [] }
        let rendered = KaTeX.shared.render(formulas.map { ($0.tex, $0.display) })
        let html = zip(formulas, rendered).map { Self.html($1, formula: $0) }
        let byMarker = Dictionary(uniqueKeysWithValues: zip(used, html))
        for node in textNodes { replaceMarkers(in: node, html: byMarker) }
        for (number, node) in blocks.enumerated() {
            let block = CMark.custom(
                CMARK_NODE_CUSTOM_BLOCK, enter: "<p class=\"math-block\">\(html[used.count + number])</p>\n")
            CMark.replace(node, with: block)
        }
        return zip(formulas, rendered).compactMap { formula, result in
            guard case .error(let message) = result else { return nil }
            return LineMessage(line: formula.line, message: message)
        }
    }

    /// Puts the math of `node` back as it was written where cmark keeps text as it is: raw HTML, code, a link's
    /// or image's address and title, a fence's info string, and the text of an image's description, which
    /// is written as plain text. Returns whether `node` is text that still holds markers to render.
    static func restoreMarkers(in node: OpaquePointer, spans: [MathSpans.Span]) -> Bool {
        let restore = { (text: UnsafePointer<CChar>?, set: (OpaquePointer, String) -> Void) in
            guard let text, strstr(text, "\u{E000}") != nil else { return }
            set(node, restoring(String(cString: text), spans: spans, as: \.source))
        }
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT:
            guard let text = cmark_node_get_literal(node), strstr(text, "\u{E000}") != nil else { return false }
            guard isInImage(node) else { return true }
            restore(text) { cmark_node_set_literal($0, $1) }
        case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE, CMARK_NODE_CODE:
            restore(cmark_node_get_literal(node)) { cmark_node_set_literal($0, $1) }
        case CMARK_NODE_CODE_BLOCK:
            restore(cmark_node_get_literal(node)) { cmark_node_set_literal($0, $1) }
            restore(cmark_node_get_fence_info(node)) { cmark_node_set_fence_info($0, $1) }
        case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
            restore(cmark_node_get_url(node)) { cmark_node_set_url($0, $1) }
            restore(cmark_node_get_title(node)) { cmark_node_set_title($0, $1) }
        default:
            break
        }
        return false
    }

    private static func isInImage(_ node: OpaquePointer) -> Bool {
        var parent = cmark_node_parent(node)
        while let current = parent {
            if cmark_node_get_type(current) == CMARK_NODE_IMAGE { return true }
            parent = cmark_node_parent(current)
        }
        return false
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

    /// Splits the text of `node` at its markers into text and rendered formulas. A formula is a raw HTML node: a table
    /// cell holds no custom node, and cmark drops one put into it.
    private func replaceMarkers(in node: OpaquePointer, html: [Int: String]) {
        let text = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: MathSpans.open) {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: MathSpans.close),
                let number = Int(rest[afterOpen..<close]), let formula = html[number]
            else { break }
            CMark.insert(CMARK_NODE_TEXT, rest[..<open], before: node)
            CMark.insert(CMARK_NODE_HTML_INLINE, formula, before: node)
            rest = rest[rest.index(after: close)...]
        }
        CMark.insert(CMARK_NODE_TEXT, rest, before: node)
        cmark_node_unlink(node)
        cmark_node_free(node)
    }

    /// The numbers of the markers in `text`, in order.
    private static func markerNumbers(in text: String) -> [Int] {
        var numbers: [Int] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: MathSpans.open), let close = rest[open...].firstIndex(of: MathSpans.close)
        {
            if let number = Int(rest[rest.index(after: open)..<close]) { numbers.append(number) }
            rest = rest[rest.index(after: close)...]
        }
        return numbers
    }

    /// `text` with each marker put back as its span's `tex` (a heading's plain text) or `source` (as written).
    static func restoring(_ text: String, spans: [MathSpans.Span], as part: KeyPath<MathSpans.Span, String>) -> String {
        guard text.containsBytes(String(MathSpans.open)) else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: MathSpans.open), let close = rest[open...].firstIndex(of: MathSpans.close)
        {
            result += rest[..<open]
            if let number = Int(rest[rest.index(after: open)..<close]), spans.indices.contains(number) {
                result += spans[number][keyPath: part]
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// Whether `node` is a ```` ```math ```` code block.
    static func isMathBlock(_ node: OpaquePointer) -> Bool {
        guard let info = cmark_node_get_fence_info(node) else { return false }
        return strncmp(info, "math", 4) == 0 && (info[4] == 0 || info[4] == 0x20 || info[4] == 0x09)
    }
}
