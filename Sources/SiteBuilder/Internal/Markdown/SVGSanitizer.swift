import Foundation

/// Keeps of an SVG only the elements and attributes a drawing needs, so an inline diagram can run no
/// script, handle no event and load nothing: no `<script>`, `<style>`, `<foreignObject>`, `<image>` or
/// `<use>`, no `on…` attribute, no `href`, no `style`, no comment, prolog or doctype. Links
/// (`<a>`) are taken out and what they held kept. Black and white become the theme's text colour and
/// nothing, so a diagram follows light and dark mode; the ids Graphviz gives (`node1`) are dropped,
/// since several diagrams on a page would repeat them.
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

    /// The sanitized SVG, starting at its `<svg` tag, with `extra` written into that tag.
    static func sanitize(_ svg: String, svgAttributes extra: String) -> String {
        var out = ""
        var rest = Substring(svg)
        var skipping: (name: String, depth: Int)?
        while let open = rest.firstIndex(of: "<") {
            if skipping == nil { out += rest[..<open] }
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
            if closing {
                out += "</\(name)>"
                continue
            }
            var kept = kept(attributes: body.dropFirst(name.count))
            if name == "svg" { kept += extra }
            out += "<\(name)\(kept)\(selfClosing ? "/" : "")>"
        }
        if skipping == nil { out += rest }
        return out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The allowed attributes of a tag, each as ` name="value"`, colours mapped to the theme.
    private static func kept(attributes text: Substring) -> String {
        var out = ""
        var rest = text
        while let equals = rest.firstIndex(of: "=") {
            let name = rest[..<equals].trimmingCharacters(in: .whitespacesAndNewlines)
            rest = rest[rest.index(after: equals)...].drop { $0.isWhitespace }
            guard let quote = rest.first, quote == "\"" || quote == "'" else { break }
            rest = rest.dropFirst()
            guard let end = rest.firstIndex(of: quote) else { break }
            var value = String(rest[..<end])
            rest = rest[rest.index(after: end)...]
            guard attributes.contains(name), !value.lowercased().contains("url(") else { continue }
            if name == "fill" || name == "stroke" || name == "stop-color" {
                value = themed(value)
            }
            out += " \(name)=\"\(value)\""
        }
        return out
    }

    private static func themed(_ colour: String) -> String {
        switch colour.lowercased() {
        case "black", "#000000": "currentColor"
        case "white", "#ffffff": "none"
        default: colour
        }
    }
}
