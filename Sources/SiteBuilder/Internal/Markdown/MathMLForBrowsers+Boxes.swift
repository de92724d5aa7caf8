extension MathMLForBrowsers {
    /// `<menclose>` (`\boxed`, `\fbox`, `\cancel`, `\sout`, `\angl`, `\phase`, an `array`'s outer lines) becomes an
    /// `<mrow>` with a `math-enclose-NOTATION` class per notation, which the theme draws with borders and gradients.
    static func enclosure(_ tag: Substring) -> String {
        let notations = value(of: "notation", in: tag)?.split(separator: " ") ?? []
        let classes = notations.filter { $0.allSatisfy { $0 >= "a" && $0 <= "z" } }.map { "math-enclose-\($0)" }
        return adding(classes, to: "<mrow>")
    }

    /// `\colorbox`'s `<mpadded mathbackground>`, whose background Chromium paints beside the box, becomes an
    /// `<mrow class="math-colorbox">` keeping its background; `\fcolorbox`'s frame, a `style` attribute, an
    /// `<mrow class="math-fcolorbox">` around it whose background is the frame's colour, showing through its padding.
    mutating func padded(_ tag: Substring) -> String {
        // The label of `\xrightarrow` and its kin: the arrow stretches over an mrow, not over an mpadded.
        if tag == "<mpadded width=\"+0.6em\" lspace=\"0.3em\">" {
            closers.append("</mrow>")
            return "<mrow class=\"math-arrow-label\">"
        }
        guard let background = Self.value(of: "mathbackground", in: tag) else {
            closers.append("</mpadded>")
            return Self.without("style", in: tag)
        }
        let box = "<mrow class=\"math-colorbox\" mathbackground=\"\(background)\">"
        let border = Self.value(of: "style", in: tag)?.split(separator: " ")
        guard let border, border.count == 4, border[0] == "border:", border[2] == "solid" else {
            closers.append("</mrow>")
            return box
        }
        closers.append("</mrow></mrow>")
        return "<mrow class=\"math-fcolorbox\" mathbackground=\"\(border[3])\">" + box
    }

    /// `\pmb`'s shadow, a `style` attribute, becomes the class `math-pmb`.
    static func style(_ tag: Substring) -> String {
        let bold = value(of: "style", in: tag)?.hasPrefix("text-shadow") == true
        return adding(bold ? ["math-pmb"] : [], to: without("style", in: tag))
    }
}
