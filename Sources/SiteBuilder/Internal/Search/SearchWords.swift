import Foundation

/// The words search knows: runs of Unicode letters and digits, lowercased, with Greek final sigma as σ.
/// Chinese, Japanese and Korean text has no spaces between words, so a run of Han, kana or Hangul is
/// taken as its overlapping pairs of characters (`東京都` → `東京`, `京都`; one character alone is a
/// word of one): a query's pairs are then all found on the pages that hold the query.
///
/// The theme's `search-worker.js` splits a reader's query the same way (`/[\p{L}\p{N}]+/u`, `toLowerCase`,
/// the same pairs), so a word found at build time is the word typed in the browser.
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
                    if isCJK(scalar) {
                        if word.isEmpty { index = forEachPair(in: bytes, from: index, body) }
                        break
                    }
                    word.append(contentsOf: bytes[index..<end])
                    ascii = false
                    index = end
                }
                if index > start, word.isEmpty {
                    continue
                } else if !word.isEmpty {
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

    /// Calls `body` with each pair of neighbouring characters of the run of CJK characters at `start`
    /// (the one character when the run has one); returns where the run ends.
    private static func forEachPair(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Int {
        var starts = [start]
        var index = start
        while index < bytes.count, bytes[index] >= 0x80 {
            let end = min(bytes.count, index + scalarLength(startingWith: bytes[index]))
            guard let scalar = scalar(bytes[index..<end]), isCJK(scalar) else { break }
            index = end
            starts.append(index)
        }
        if starts.count == 2 { body(UnsafeBufferPointer(rebasing: bytes[start..<index])) }
        for pair in 0..<max(0, starts.count - 2) {
            body(UnsafeBufferPointer(rebasing: bytes[starts[pair]..<starts[pair + 2]]))
        }
        return index
    }

    /// Han ideographs, hiragana, katakana (also half-width) and Hangul, as `search-worker.js` lists them.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x3040...0x30FF, 0x3130...0x318F, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x3FFFF:
            true
        default: false
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
