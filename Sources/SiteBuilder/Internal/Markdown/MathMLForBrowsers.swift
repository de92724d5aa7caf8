import Foundation
import TextTools

/// KaTeX's MathML made to show in every browser under the site's policy. KaTeX writes some of what it lays out in
/// MathML 3, which MathML Core, and so Chromium, does not draw, and some in `style` attributes, which the
/// Content-Security-Policy (`style-src 'self'`) drops. One pass over the formula's tags rewrites them into classes
/// the theme draws:
///
/// - boxes and strikes (`+Boxes`): `\boxed`, `\cancel`, `\colorbox`, `\fcolorbox`, `\pmb`;
/// - tables (`+Tables`): a column's alignment (every `aligned` equation), lines between columns and rows;
/// - letters in another alphabet (`+Variants`): `\mathbb{R}`, `\mathcal{L}`, `\mathbf{v}`;
/// - tokens (`+Tokens`): those holding elements (`\overset`), delimiters to stretch (`vmatrix`), stretchy accents
///   (`\overline`, `\widehat`).
///
/// Any other `style` attribute is left out.
struct MathMLForBrowsers {
    /// What closes each `<mpadded>` open at this point: an `</mpadded>`, or the `</mrow>`s it became.
    var closers: [String] = []
    /// The tables open at this point, innermost last.
    var tables: [Table] = []
    /// What the token just opened asks of its text (`+Tokens`).
    var pending: Pending?
    /// A token opened but not yet written (`+Tokens`).
    var held: String?
    /// For each token open at this point, whether it became an `<mrow>`.
    var tokens: [Bool] = []

    /// `mathml` (KaTeX's output for one formula) with its boxes, tables and styles rewritten.
    static func rewritten(_ mathml: String) -> String {
        guard
            [
                "<menclose", "<mpadded", "<mtable", " style=", " mathvariant=", "fence=\"true\"", "stretchy=\"true\"",
                "<mo><", "<mi><",
            ].contains(where: { mathml.containsBytes($0) })
        else { return mathml }
        var pass = MathMLForBrowsers()
        var written = ""
        written.reserveCapacity(mathml.utf8.count + 64)
        var rest = mathml[...]
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            let tag = rest[open...close]
            written += pass.release(textFollows: open > rest.startIndex, nextOpens: !tag.hasPrefix("</"))
            written += pass.text(rest[..<open])
            written += pass.rewritten(tag: tag)
            rest = rest[rest.index(after: close)...]
        }
        return written + rest
    }

    private mutating func rewritten(tag: Substring) -> String {
        let name = tag.dropFirst().prefix { $0 != " " && $0 != ">" }
        switch name {
        case "menclose": return Self.enclosure(tag)
        case "/menclose": return "</mrow>"
        case "mpadded": return padded(tag)
        case "/mpadded": return closers.popLast() ?? String(tag)
        case "mstyle": return Self.style(tag)
        case "mtable": return table(tag)
        case "/mtable":
            _ = tables.popLast()
            return String(tag)
        case "mtr": return row(tag)
        case "mtd": return cell(tag)
        case "mi", "mn", "mo", "mtext": return token(tag, name: name)
        case "/mi", "/mn", "/mo", "/mtext": return closing(tag)
        default: return Self.without("style", in: tag)
        }
    }

    /// The value of attribute `name` in `tag`, as written between its double quotes.
    static func value(of name: String, in tag: Substring) -> Substring? {
        guard let start = tag.range(of: " \(name)=\"") else { return nil }
        let value = tag[start.upperBound...]
        guard let end = value.firstIndex(of: "\"") else { return nil }
        return value[..<end]
    }

    /// `tag` without attribute `name`.
    static func without(_ name: String, in tag: Substring) -> String {
        guard let start = tag.range(of: " \(name)=\""), let end = tag[start.upperBound...].firstIndex(of: "\"") else {
            return String(tag)
        }
        return String(tag[..<start.lowerBound] + tag[tag.index(after: end)...])
    }

    /// `tag` with `classes` (none when empty) after its name.
    static func adding(_ classes: [String], to tag: String) -> String {
        guard !classes.isEmpty, let end = tag.firstIndex(where: { $0 == " " || $0 == ">" }) else { return tag }
        return tag[..<end] + " class=\"\(classes.joined(separator: " "))\"" + tag[end...]
    }
}
