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
        let last = MathMLTag.read(mathml) { text, tag in
            written += pass.release(textFollows: !text.isEmpty, nextOpens: !tag.isEnd)
            written += pass.text(text)
            written += pass.rewritten(tag)
        }
        return written + last
    }

    private mutating func rewritten(_ tag: MathMLTag) -> String {
        switch (tag.name, tag.isEnd) {
        case ("menclose", false): return Self.enclosure(tag)
        case ("menclose", true): return "</mrow>"
        case ("mpadded", false): return padded(tag)
        case ("mpadded", true): return closers.popLast() ?? tag.written
        case ("mstyle", false): return Self.style(tag)
        case ("mtable", false): return table(tag)
        case ("mtable", true):
            _ = tables.popLast()
            return tag.written
        case ("mtr", false): return row(tag)
        case ("mtd", false): return cell(tag)
        case ("mi", false), ("mn", false), ("mo", false), ("mtext", false): return token(tag)
        case ("mi", true), ("mn", true), ("mo", true), ("mtext", true): return closing(tag)
        default:
            var kept = tag
            kept.remove("style")
            return kept.written
        }
    }
}
