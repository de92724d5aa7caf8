import CMarkGFM
import Foundation
import TextTools

extension MarkdownDocument {
    /// Swaps each ```` ```dot ```` or ```` ```graphviz ```` block for its diagram, drawn by Graphviz and
    /// sanitized (see `SVGSanitizer`), in a `<figure class="diagram">`; returns the syntax errors with
    /// their lines in the Markdown. A block with an error stays code.
    func drawDiagrams(_ blocks: [OpaquePointer]) -> [LineMessage] {
        var errors: [LineMessage] = []
        for node in blocks {
            let source = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            let first = Int(cmark_node_get_start_line(node)) + 1
            switch Graphviz.draw(source) {
            case .error(let line, let message):
                errors.append(LineMessage(line: first + (line ?? 1) - 1, message: "diagram: \(message)"))
            case .svg(let svg):
                let label = Self.diagramLabel(source).htmlEscaped
                let drawn = SVGSanitizer.sanitize(svg, svgAttributes: " role=\"img\" aria-label=\"\(label)\"")
                let block = CMark.custom(
                    CMARK_NODE_CUSTOM_BLOCK, enter: "<figure class=\"diagram\">\(drawn)</figure>\n")
                CMark.replace(node, with: block)
            }
        }
        return errors
    }

    /// "Diagram: NAME" for `digraph NAME {`, else "Diagram".
    static func diagramLabel(_ source: String) -> String {
        let words = source.prefix { $0 != "{" }.split { $0.isWhitespace }
            .filter { !["strict", "graph", "digraph"].contains($0.lowercased()) }
        let name = words.joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        return name.isEmpty ? "Diagram" : "Diagram: \(name)"
    }

    /// Swaps each ```` ```mermaid ```` block for the `<pre class="mermaid">` mermaid draws in the browser;
    /// without the script it reads as code.
    func markMermaid(_ blocks: [OpaquePointer]) {
        for node in blocks {
            let source = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            let block = CMark.custom(
                CMARK_NODE_CUSTOM_BLOCK, enter: "<pre class=\"mermaid\">\(source.htmlEscaped)</pre>\n")
            CMark.replace(node, with: block)
        }
    }

    static func isDiagramBlock(_ node: OpaquePointer) -> Bool {
        let language = fenceLanguage(of: node)
        return language == "dot" || language == "graphviz"
    }

    /// The language the fence of `node` names (`CodeBlockInfo`); "" for none.
    static func fenceLanguage(of node: OpaquePointer) -> String {
        guard let info = cmark_node_get_fence_info(node) else { return "" }
        return CodeBlockInfo(String(cString: info)).language
    }
}
