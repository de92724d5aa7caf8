import Foundation

/// The words search knows: runs of Unicode letters and digits, lowercased, with Greek final sigma as σ.
///
/// The theme's `search-worker.js` splits a reader's query the same way (`/[\p{L}\p{N}]+/u`, `toLowerCase`),
/// so a word found at build time is the word typed in the browser.
enum SearchWords {
    /// Calls `body` with each word of `text`, lowercased, in order.
    static func forEach(in text: String, _ body: (String) -> Void) {
        var word = String.UnicodeScalarView()
        var ascii = true
        func finish() {
            guard !word.isEmpty else { return }
            body(ascii ? String(word) : normalized(String(word)))
            word = String.UnicodeScalarView()
            ascii = true
        }
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                switch value {
                case 0x61...0x7A, 0x30...0x39: word.append(scalar)
                case 0x41...0x5A: word.append(Unicode.Scalar(UInt8(value + 0x20)))
                default: finish()
                }
            } else if isWordScalar(scalar) {
                word.append(scalar)
                ascii = false
            } else {
                finish()
            }
        }
        finish()
    }

    /// The words of `text`, lowercased, in order.
    static func words(in text: String) -> [String] {
        var words: [String] = []
        forEach(in: text) { words.append($0) }
        return words
    }

    /// A letter or a number, as `\p{L}` and `\p{N}` say in JavaScript.
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    private static func normalized(_ word: String) -> String {
        word.lowercased().replacingOccurrences(of: "ς", with: "σ")
    }
}
