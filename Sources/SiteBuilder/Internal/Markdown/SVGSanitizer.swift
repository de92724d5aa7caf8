import Foundation

/// Keeps of an SVG only the elements and attributes a drawing needs, so an inline diagram can run no
/// script, handle no event and load nothing: no `<script>`, `<style>`, `<foreignObject>`, `<image>` or
/// `<use>`, no `on…` attribute, no `href`, no `style`, no comment, prolog or doctype. Links
/// (`<a>`) are taken out and what they held kept. The ids Graphviz gives (`node1`) are dropped, since
/// several diagrams on a page would repeat them.
///
/// Colours follow the theme: black becomes the theme's text colour and white nothing, so lines, outlines
/// and text read in light and dark mode. A diagram that fills a node, a cluster or its background with a
/// colour of its own (`style=filled`, `bgcolor`) chose its colours against white, and light text on a light
/// grey node cannot be read: it keeps Graphviz's colours, its text black unless set, and gets the class
/// `diagram-colours`, which the theme draws on white in dark mode too.
///
/// It reads the well-formed SVG Graphviz writes: tags with double-quoted attributes.
enum SVGSanitizer {
    static let elements: Set<String> = [
        "svg", "g", "title", "desc", "path", "polygon", "polyline", "ellipse", "circle", "line", "rect", "text",
        "tspan", "defs", "linearGradient", "radialGradient", "stop",
    ]
    static let attributes: Set<String> = [
        "width", "height", "viewBox", "xmlns", "class", "transform", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy",
        "r", "rx", "ry", "d", "points", "fill", "stroke", "stroke-width", "stroke-dasharray", "stroke-opacity",
        "fill-opacity", "opacity", "font-family", "font-size", "font-weight", "font-style", "text-anchor",
        "text-decoration", "offset", "stop-color", "stop-opacity", "gradientUnits", "gradientTransform",
        "baseline-shift", "dominant-baseline",
    ]
    /// Elements whose whole content is dropped with them.
    private static let dropped: Set<String> = ["script", "style", "foreignObject", "image", "use", "iframe"]
    /// Shapes whose fill may be a node's, a cluster's or the graph's own.
    private static let shapes: Set<String> = ["polygon", "ellipse", "path", "rect", "circle", "polyline"]

    /// What is kept of the SVG: text, and allowed tags with their allowed attributes.
    private enum Token {
        case text(Substring)
        case tag(name: String, attributes: [(name: String, value: String)], closing: Bool, selfClosing: Bool)
    }

    /// The sanitized SVG, starting at its `<svg` tag, with `extra` written into that tag.
    static func sanitize(_ svg: String, svgAttributes extra: String) -> String {
        let tokens = tokens(of: svg)
        let ownColours = hasOwnFill(tokens)
        var out = ""
        for token in tokens {
            switch token {
            case .text(let text):
                out += text
            case .tag(let name, _, closing: true, _):
                out += "</\(name)>"
            case .tag(let name, let attributes, _, let selfClosing):
                var kept = ""
                for (attribute, value) in attributes {
                    let themes = !ownColours && ["fill", "stroke", "stop-color"].contains(attribute)
                    kept += " \(attribute)=\"\(quoted(themes ? themed(value, text: name == "text") : value))\""
                }
                if name == "text", ownColours, !attributes.contains(where: { $0.name == "fill" }) {
                    kept += " fill=\"black\""
                }
                if name == "svg" { kept += (ownColours ? " class=\"diagram-colours\"" : "") + extra }
                out += "<\(name)\(kept)\(selfClosing ? "/" : "")>"
            }
        }
        return out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether a shape of a node, a cluster or the graph (not of an edge: arrowheads are filled with the
    /// line's colour) is filled with a colour other than white.
    private static func hasOwnFill(_ tokens: [Token]) -> Bool {
        var drawsShapes: [Bool] = []
        for case .tag(let name, let attributes, let closing, let selfClosing) in tokens {
            if name == "g", closing {
                _ = drawsShapes.popLast()
            } else if name == "g", !selfClosing {
                let kind = attributes.first { $0.name == "class" }?.value
                drawsShapes.append(kind.map { ["node", "cluster", "graph"].contains($0) } ?? drawsShapes.last ?? false)
            } else if shapes.contains(name), drawsShapes.last == true,
                let fill = attributes.first(where: { $0.name == "fill" })?.value,
                !["none", "transparent", "white", "#ffffff"].contains(fill.lowercased())
            {
                return true
            }
        }
        return false
    }

    /// The SVG's text and allowed tags, without comments, prolog, doctype, links (their content kept) and
    /// the elements dropped with their content.
    private static func tokens(of svg: String) -> [Token] {
        var tokens: [Token] = []
        var rest = Substring(svg)
        var skipping: (name: String, depth: Int)?
        while let open = rest.firstIndex(of: "<") {
            if skipping == nil { tokens.append(.text(rest[..<open])) }
            rest = rest[open...]
            if rest.hasPrefix("<!--") {
                rest = rest.range(of: "-->").map { rest[$0.upperBound...] } ?? ""
                continue
            }
            guard let close = rest.firstIndex(of: ">") else { break }
            let tag = rest[rest.index(after: rest.startIndex)..<close]
            rest = rest[rest.index(after: close)...]
            if tag.hasPrefix("?") || tag.hasPrefix("!") { continue }
            let closing = tag.hasPrefix("/")
            let selfClosing = tag.hasSuffix("/")
            let body = tag.dropFirst(closing ? 1 : 0).dropLast(selfClosing ? 1 : 0)
            let name = String(body.prefix { !$0.isWhitespace })
            if var skip = skipping {
                if name == skip.name, !selfClosing { skip.depth += closing ? -1 : 1 }
                skipping = skip.depth == 0 ? nil : skip
                continue
            }
            if dropped.contains(name) || !elements.contains(name) && name != "a" {
                if !closing, !selfClosing, name != "a" { skipping = (name, 1) }
                continue
            }
            if name == "a" { continue }
            let attributes = closing ? [] : allowed(attributes: body.dropFirst(name.count))
            tokens.append(.tag(name: name, attributes: attributes, closing: closing, selfClosing: selfClosing))
        }
        if skipping == nil { tokens.append(.text(rest)) }
        return tokens
    }

    /// The allowed attributes of a tag, in order; none that refers to anything outside (`url(…)`).
    private static func allowed(attributes text: Substring) -> [(name: String, value: String)] {
        var kept: [(name: String, value: String)] = []
        var rest = text
        while let equals = rest.firstIndex(of: "=") {
            let name = rest[..<equals].trimmingCharacters(in: .whitespacesAndNewlines)
            rest = rest[rest.index(after: equals)...].drop { $0.isWhitespace }
            guard let quote = rest.first, quote == "\"" || quote == "'" else { break }
            rest = rest.dropFirst()
            guard let end = rest.firstIndex(of: quote) else { break }
            let value = String(rest[..<end])
            rest = rest[rest.index(after: end)...]
            guard attributes.contains(name), !value.lowercased().contains("url(") else { continue }
            kept.append((name, value))
        }
        return kept
    }

    /// `value` as it may stand between double quotes: Graphviz writes some values as given (`fontname`), and one read
    /// between single quotes may hold a double quote, which would end the value and start an attribute of its own.
    private static func quoted(_ value: String) -> String {
        guard value.contains(where: { $0 == "\"" || $0 == "<" }) else { return value }
        return value.replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "<", with: "&lt;")
    }

    /// Black is the theme's text colour; white, the page under the drawing, is no paint at all, except for
    /// text, which is never meant to vanish.
    private static func themed(_ colour: String, text: Bool) -> String {
        switch colour.lowercased() {
        case "black", "#000000": "currentColor"
        case "white", "#ffffff": text ? colour : "none"
        default: colour
        }
    }
}
