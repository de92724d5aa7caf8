import Foundation

/// The words search knows: runs of Unicode letters and digits, lowercased, with Greek final sigma as σ.
///
/// The theme's `search-worker.js` splits a reader's query the same way (`/[\p{L}\p{N}]+/u`, `toLowerCase`),
/// so a word found at build time is the word typed in the browser.
enum SearchWords {
    /// Calls `body` with the UTF-8 bytes of each word of `text`, lowercased, in order; the bytes are valid
    /// only during the call.
    static func forEachWord(in text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var text = text
        text.withUTF8 { bytes in
            var word: [UInt8] = []
            word.reserveCapacity(64)
            var index = 0
            while index < bytes.count {
                // A word of lowercase ASCII letters and digits, the most common kind, is passed as it is.
                let start = index
                while index < bytes.count, isLowercaseASCIIWordByte(bytes[index]) { index += 1 }
                if index > start, index == bytes.count || !isWordStart(bytes[index]) {
                    body(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                    continue
                }
                index = start
                var ascii = true
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte < 0x80 {
                        guard isWordStart(byte) else { break }
                        word.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
                        index += 1
                        continue
                    }
                    let end = min(bytes.count, index + scalarLength(startingWith: byte))
                    guard let scalar = scalar(bytes[index..<end]), isWordScalar(scalar) else { break }
                    word.append(contentsOf: bytes[index..<end])
                    ascii = false
                    index = end
                }
                if !word.isEmpty {
                    if ascii {
                        word.withUnsafeBufferPointer(body)
                    } else {
                        var found = normalized(String(decoding: word, as: UTF8.self))
                        found.withUTF8(body)
                    }
                    word.removeAll(keepingCapacity: true)
                } else {
                    // Not a word character: skip it, with the rest of a multi-byte character.
                    index += 1
                    while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
                }
            }
        }
    }

    private static func isLowercaseASCIIWordByte(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
    }

    /// An ASCII letter or digit, or any non-ASCII byte (which may start a letter).
    private static func isWordStart(_ byte: UInt8) -> Bool {
        byte >= 0x80 || isLowercaseASCIIWordByte(byte) || (0x41...0x5A).contains(byte)
    }

    /// The words of `text`, lowercased, in order.
    static func words(in text: String) -> [String] {
        var words: [String] = []
        forEachWord(in: text) { words.append(String(decoding: $0, as: UTF8.self)) }
        return words
    }

    /// The number of bytes of the UTF-8 sequence that starts with `byte` (not a continuation byte).
    static func scalarLength(startingWith byte: UInt8) -> Int {
        byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
    }

    /// The scalar that the UTF-8 sequence `bytes` encodes, from valid UTF-8 (the bytes of a `String`).
    static func scalar(_ bytes: some Collection<UInt8>) -> Unicode.Scalar? {
        guard let first = bytes.first else { return nil }
        let lead = bytes.count == 1 ? UInt32(first) : UInt32(first) & (0x7F >> UInt32(bytes.count))
        return Unicode.Scalar(bytes.dropFirst().reduce(lead) { $0 << 6 | UInt32($1 & 0x3F) })
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
