extension MathMLForBrowsers {
    /// What the text of the token just opened becomes.
    enum Pending {
        /// Its letters in an alphabet (`+Variants`).
        case alphabet(Alphabet)
        /// A stretchy accent's character, in the one MathML Core stretches: `\overline`'s and `\underline`'s
        /// `‾` as U+0332, `\widehat`'s `^` as U+0302.
        case accent
    }

    /// A token (`<mi>`, `<mn>`, `<mo>`, `<mtext>`) is held until the next tag shows whether it holds text, as a
    /// token does, or elements, as KaTeX's `\overset`, `\underset` and `\stackrel` write it (`<mo><mover>…`), which
    /// MathML Core reads as the text alone: then it becomes an `<mrow>` (`release`).
    ///
    /// A `mathvariant` other than `normal`, which MathML Core reads, goes: a token's letters are written in its
    /// alphabet, and `<mtext>`, which is words, takes a class (`math-text-bold`). A delimiter of `\left`, `\right` or
    /// a matrix (`fence="true"`) is made stretchy, as TeX stretches it, since MathML Core's operator dictionary
    /// stretches `(` but not `∣`.
    mutating func token(_ tag: MathMLTag) -> String {
        var kept = tag
        kept.remove("style")
        guard !tag.closesItself else { return kept.written }
        if tag.name == "mo", tag.value("fence") == "true", tag.value("stretchy") == nil {
            kept.attributes += [("stretchy", "true"), ("symmetric", "true")]
        }
        if tag.name == "mo", tag.value("stretchy") == "true" { pending = .accent }
        if let variant = tag.value("mathvariant"), variant != "normal" {
            if tag.name == "mtext", Self.textVariants.contains(variant) {
                kept.remove("mathvariant")
                kept.add(classes: ["math-text-\(variant)"])
            } else if tag.name != "mtext", let alphabet = Self.alphabets[variant] {
                pending = .alphabet(alphabet)
                kept.remove("mathvariant")
            }
        }
        held = kept.written
        return ""
    }

    /// The token held, as written, or as an `<mrow>` when the tag after it, with no text between, opens an element.
    mutating func release(textFollows: Bool, nextOpens: Bool) -> String {
        guard let token = held else { return "" }
        held = nil
        let holdsElements = !textFollows && nextOpens
        tokens.append(holdsElements)
        guard holdsElements else { return token }
        pending = nil
        return "<mrow>"
    }

    /// A token's closing tag, or `</mrow>` for one that became an `<mrow>`.
    mutating func closing(_ tag: MathMLTag) -> String {
        tokens.popLast() == true ? "</mrow>" : tag.written
    }

    /// `text`, the content of the token before it, as that token asked for (`Pending`).
    mutating func text(_ text: String) -> String {
        defer { pending = nil }
        switch pending {
        case .alphabet(let alphabet): return Self.styled(text, in: alphabet)
        case .accent where text == "‾": return "\u{332}"
        case .accent where text == "^": return "\u{302}"
        default: return text
        }
    }
}
