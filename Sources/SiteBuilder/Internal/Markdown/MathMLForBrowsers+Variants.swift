extension MathMLForBrowsers {
    /// An alphabet of Unicode's Mathematical Alphanumeric Symbols, which MathML Core has authors write instead of
    /// `mathvariant` (Chromium draws `<mi mathvariant="double-struck">R</mi>` as an italic R): where its Latin
    /// capitals, small letters, digits and Greek letters start, and the letters Unicode had encoded before the block
    /// (ℝ, ℒ, ℌ), which leave holes in it.
    struct Alphabet {
        let capitals: UInt32
        let smalls: UInt32
        var digits: UInt32? = nil
        var greekCapitals: UInt32? = nil
        var greekSmalls: UInt32? = nil
        var earlier: [Character: Character] = [:]

        /// `scalar` in this alphabet; as it is when the alphabet has no such letter.
        func styled(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
            if let letter = earlier[Character(scalar)] { return letter.unicodeScalars.first! }
            let value = scalar.value
            let start: UInt32?
            let base: UInt32
            switch value {
            case 0x41...0x5A: (start, base) = (capitals, 0x41)
            case 0x61...0x7A: (start, base) = (smalls, 0x61)
            case 0x30...0x39: (start, base) = (digits, 0x30)
            // Α to Ω, and α to ω; U+03A2 is unassigned, and its place in each alphabet holds ϴ.
            case 0x391...0x3A9 where value != 0x3A2: (start, base) = (greekCapitals, 0x391)
            case 0x3B1...0x3C9: (start, base) = (greekSmalls, 0x3B1)
            default: return scalar
            }
            guard let start else { return scalar }
            return Unicode.Scalar(start + value - base) ?? scalar
        }
    }

    /// The alphabets by `mathvariant`, as Unicode's block lays them out.
    static let alphabets: [String: Alphabet] = [
        "bold": Alphabet(
            capitals: 0x1D400, smalls: 0x1D41A, digits: 0x1D7CE, greekCapitals: 0x1D6A8, greekSmalls: 0x1D6C2),
        "italic": Alphabet(
            capitals: 0x1D434, smalls: 0x1D44E, greekCapitals: 0x1D6E2, greekSmalls: 0x1D6FC, earlier: ["h": "ℎ"]),
        "bold-italic": Alphabet(capitals: 0x1D468, smalls: 0x1D482, greekCapitals: 0x1D71C, greekSmalls: 0x1D736),
        "script": Alphabet(
            capitals: 0x1D49C, smalls: 0x1D4B6,
            earlier: [
                "B": "ℬ", "E": "ℰ", "F": "ℱ", "H": "ℋ", "I": "ℐ", "L": "ℒ", "M": "ℳ", "R": "ℛ", "e": "ℯ", "g": "ℊ",
                "o": "ℴ",
            ]),
        "bold-script": Alphabet(capitals: 0x1D4D0, smalls: 0x1D4EA),
        "fraktur": Alphabet(
            capitals: 0x1D504, smalls: 0x1D51E, earlier: ["C": "ℭ", "H": "ℌ", "I": "ℑ", "R": "ℜ", "Z": "ℨ"]),
        "double-struck": Alphabet(
            capitals: 0x1D538, smalls: 0x1D552, digits: 0x1D7D8,
            earlier: ["C": "ℂ", "H": "ℍ", "N": "ℕ", "P": "ℙ", "Q": "ℚ", "R": "ℝ", "Z": "ℤ"]),
        "bold-fraktur": Alphabet(capitals: 0x1D56C, smalls: 0x1D586),
        "sans-serif": Alphabet(capitals: 0x1D5A0, smalls: 0x1D5BA, digits: 0x1D7E2),
        "bold-sans-serif": Alphabet(
            capitals: 0x1D5D4, smalls: 0x1D5EE, digits: 0x1D7EC, greekCapitals: 0x1D756, greekSmalls: 0x1D770),
        "sans-serif-italic": Alphabet(capitals: 0x1D608, smalls: 0x1D622),
        "sans-serif-bold-italic": Alphabet(
            capitals: 0x1D63C, smalls: 0x1D656, greekCapitals: 0x1D790, greekSmalls: 0x1D7AA),
        "monospace": Alphabet(capitals: 0x1D670, smalls: 0x1D68A, digits: 0x1D7F6),
    ]

    /// The `mathvariant`s text in `<mtext>` keeps as a class (`math-text-bold`): it is words, not symbols.
    static let textVariants: Set<String> = ["bold", "italic", "bold-italic", "sans-serif", "monospace"]

    /// `text` in this alphabet; character references (`&amp;`) as they are.
    static func styled(_ text: String, in alphabet: Alphabet) -> String {
        var styled = String.UnicodeScalarView()
        var inReference = false
        for scalar in text.unicodeScalars {
            if scalar == "&" { inReference = true }
            styled.append(inReference ? scalar : alphabet.styled(scalar))
            if scalar == ";" { inReference = false }
        }
        return String(styled)
    }
}
