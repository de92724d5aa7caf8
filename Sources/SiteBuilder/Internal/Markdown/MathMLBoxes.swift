import Foundation
import TextTools

/// KaTeX's boxes, strikes and bold as every browser draws them under the site's policy. KaTeX writes `\boxed`,
/// `\fbox`, `\cancel`, `\sout`, `\angl`, `\phase` and a bordered `array` as MathML's `<menclose>`, which MathML
/// Core, and so Chromium, does not draw; `\colorbox` as an `<mpadded>` whose background Chromium paints beside the
/// box; and `\fcolorbox`'s frame and `\pmb`'s shadow as `style` attributes, which the Content-Security-Policy
/// (`style-src 'self'`) drops. Each `<menclose>` becomes an `<mrow>` with a `math-enclose-NOTATION` class per
/// notation, which the theme draws with borders and gradients; a `\colorbox` an `<mrow class="math-colorbox">`
/// keeping its `mathbackground`, inside an `<mrow class="math-fcolorbox">` whose background is the frame's colour
/// for `\fcolorbox`; `\pmb`'s shadow the class `math-pmb`. Any other `style` attribute is left out.
enum MathMLBoxes {
    /// `mathml` (KaTeX's output for one formula) with its boxes, strikes and styles rewritten.
    static func rewritten(_ mathml: String) -> String {
        guard mathml.containsBytes("<menclose") || mathml.containsBytes("<mpadded") || mathml.containsBytes(" style=")
        else { return mathml }
        var written = ""
        written.reserveCapacity(mathml.utf8.count + 64)
        // What closes each `<mpadded>` open at this point: an `</mpadded>`, or the `</mrow>`s it became.
        var closers: [String] = []
        var rest = mathml[...]
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            written += rest[..<open]
            written += rewritten(tag: rest[open...close], closers: &closers)
            rest = rest[rest.index(after: close)...]
        }
        return written + rest
    }

    private static func rewritten(tag: Substring, closers: inout [String]) -> String {
        let name = tag.dropFirst().prefix { $0 != " " && $0 != ">" }
        switch name {
        case "menclose":
            let notations = value(of: "notation", in: tag)?.split(separator: " ") ?? []
            let classes = notations.filter { $0.allSatisfy { $0 >= "a" && $0 <= "z" } }.map { "math-enclose-\($0)" }
            return "<mrow class=\"\(classes.joined(separator: " "))\">"
        case "/menclose":
            return "</mrow>"
        case "mpadded":
            guard let background = value(of: "mathbackground", in: tag) else {
                closers.append("</mpadded>")
                return withoutStyle(tag)
            }
            let box = "<mrow class=\"math-colorbox\" mathbackground=\"\(background)\">"
            let border = value(of: "style", in: tag)?.split(separator: " ")
            guard let border, border.count == 4, border[0] == "border:", border[2] == "solid" else {
                closers.append("</mrow>")
                return box
            }
            closers.append("</mrow></mrow>")
            return "<mrow class=\"math-fcolorbox\" mathbackground=\"\(border[3])\">" + box
        case "/mpadded":
            return closers.popLast() ?? String(tag)
        case "mstyle" where value(of: "style", in: tag)?.hasPrefix("text-shadow") == true:
            return withoutStyle(tag).replacingOccurrences(of: "<mstyle", with: "<mstyle class=\"math-pmb\"")
        default:
            return withoutStyle(tag)
        }
    }

    /// The value of attribute `name` in `tag`, as written between its double quotes.
    private static func value(of name: String, in tag: Substring) -> Substring? {
        guard let start = tag.range(of: " \(name)=\"") else { return nil }
        let value = tag[start.upperBound...]
        guard let end = value.firstIndex(of: "\"") else { return nil }
        return value[..<end]
    }

    /// `tag` without its `style` attribute.
    private static func withoutStyle(_ tag: Substring) -> String {
        guard let start = tag.range(of: " style=\""), let end = tag[start.upperBound...].firstIndex(of: "\"") else {
            return String(tag)
        }
        return String(tag[..<start.lowerBound] + tag[tag.index(after: end)...])
    }
}
