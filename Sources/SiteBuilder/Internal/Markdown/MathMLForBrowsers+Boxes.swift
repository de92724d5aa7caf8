extension MathMLForBrowsers {
    /// `<menclose>` (`\boxed`, `\fbox`, `\cancel`, `\sout`, `\angl`, `\phase`, an `array`'s outer lines) becomes an
    /// `<mrow>` with a `math-enclose-NOTATION` class per notation, which the theme draws with borders and gradients.
    static func enclosure(_ tag: MathMLTag) -> String {
        let notations = tag.value("notation")?.split(separator: " ") ?? []
        var row = MathMLTag(name: "mrow")
        row.add(classes: notations.filter { $0.allSatisfy { $0 >= "a" && $0 <= "z" } }.map { "math-enclose-\($0)" })
        return row.written
    }

    /// `\colorbox`'s `<mpadded mathbackground>`, whose background Chromium paints beside the box, becomes an
    /// `<mrow class="math-colorbox">` keeping its background; `\fcolorbox`'s frame, a `style` attribute, an
    /// `<mrow class="math-fcolorbox">` around it whose background is the frame's colour, showing through its padding.
    mutating func padded(_ tag: MathMLTag) -> String {
        // The label of `\xrightarrow` and its kin: the arrow stretches over an mrow, not over an mpadded.
        if tag.attributes.map(\.name) == ["width", "lspace"], tag.value("width") == "+0.6em",
            tag.value("lspace") == "0.3em"
        {
            closers.append("</mrow>")
            return "<mrow class=\"math-arrow-label\">"
        }
        guard let background = tag.value("mathbackground") else {
            closers.append("</mpadded>")
            var kept = tag
            kept.remove("style")
            return kept.written
        }
        let box = MathMLTag(name: "mrow", attributes: [("class", "math-colorbox"), ("mathbackground", background)])
        let border = tag.value("style")?.split(separator: " ")
        guard let border, border.count == 4, border[0] == "border:", border[2] == "solid" else {
            closers.append("</mrow>")
            return box.written
        }
        closers.append("</mrow></mrow>")
        let frame = MathMLTag(
            name: "mrow", attributes: [("class", "math-fcolorbox"), ("mathbackground", String(border[3]))])
        return frame.written + box.written
    }

    /// `\pmb`'s shadow, a `style` attribute, becomes the class `math-pmb`.
    static func style(_ tag: MathMLTag) -> String {
        var kept = tag
        kept.remove("style")
        kept.add(classes: tag.value("style")?.hasPrefix("text-shadow") == true ? ["math-pmb"] : [])
        return kept.written
    }
}
