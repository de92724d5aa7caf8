/// Finds the malformed TOML that the parser behind TOMLKit 0.6 (toml++ 3.4) does not report as an error but aborts
/// the process on (a failed assertion, in release builds too), run on text before it is parsed: a typo in
/// `site.toml` or `auth.toml` must be a message with a line number. Each case was found by `Fuzz/fuzz-config`:
///
/// - a table header with no name after its `[` (`[#`, `[=]`, `[*]`, also right after a byte order mark): only a
///   `[` that opens a line outside any string, array or inline table starts a header, and the character after it
///   (and after a second `[` and spaces) must start a name — a letter, digit, `_`, `-`, a quote, or the `]` the
///   parser reports itself;
/// - a date and `T` with no time after it (`1979-05-27Tx`), or a space and a single digit (`1979-05-27 1`, or
///   anything ten characters long with `-` fifth and eighth, such as `19·9-0=-2= 1`);
/// - a bracket that closes what is not open (`y = [1, }]`);
/// - a Unicode line break (U+0085 next line, U+2028 line separator, U+2029 paragraph separator) where an array
///   expects a value (`y = [\u{2028}1]`): outside strings and comments TOML has no such character, so one there is
///   reported wherever it stands.
///
/// ```swift
/// TOMLPreflight.firstProblem(in: "title = \"x\"\n[#\n")?.line             // 2
/// TOMLPreflight.firstProblem(in: "x = [\n  [ # fine\n 1 ] ]\n[auth]\n")  // nil
/// ```
public enum TOMLPreflight {
    /// The 1-based line and a description of the first such problem, or nil when there is none.
    public static func firstProblem(in text: String) -> (line: Int, message: String)? {
        var scanner = Scanner(bytes: Array(text.utf8))
        return scanner.firstProblem()
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        /// The `[` and `{` of the arrays and inline tables open in the value being read, innermost last.
        var open: [UInt8] = []
        /// Nothing but spaces since the line began.
        var atLineStart = true

        init(bytes: [UInt8]) {
            self.bytes = bytes
            // The parser skips a byte order mark, so a header right after it still opens the first line.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        mutating func firstProblem() -> (line: Int, message: String)? {
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\n"):
                    line += 1
                    atLineStart = true
                    index += 1
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                    index += 1
                case UInt8(ascii: "#"):
                    skipToLineEnd()
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    let (opened, quote) = (line, Character(UnicodeScalar(byte)))
                    if let tripled = skipString(quote: byte) {
                        let marks = String(repeating: quote, count: 3)
                        return tripled
                            ? (opened, "no \(marks) closes the text this \(marks) opens; add it where the text ends")
                            : (
                                opened,
                                "no \(quote) on this line closes the text this \(quote) opens; add it where the text "
                                    + "ends, or write text over several lines between \(marks) and \(marks)"
                            )
                    }
                    atLineStart = false
                case UInt8(ascii: "[") where open.isEmpty && atLineStart:
                    if !headerHasName() { return (line, "a table header needs a name after '[', e.g. [params]") }
                    skipToLineEnd()
                case UInt8(ascii: "0")...UInt8(ascii: "9") where !atLineStart && dateWithoutTime():
                    return (line, "a date and 'T' must be followed by a time, e.g. 1979-05-27T07:32:00")
                case UInt8(ascii: "0")...UInt8(ascii: "9") where !atLineStart && dateAndLoneDigit():
                    return (line, "a date and a space must be followed by a time, e.g. 1979-05-27 07:32:00")
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    open.append(byte)
                    atLineStart = false
                    index += 1
                case 0xC2, 0xE2:
                    if let name = UnicodeLineBreaks.name(of: scalar(at: index)) {
                        let message =
                            "\(name) is not a line break in TOML; end the line with a plain line break, or put the "
                            + "text in quotes"
                        return (line, message)
                    }
                    atLineStart = false
                    index += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    let opener = byte == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "{")
                    guard open.last == opener else {
                        let closing = Character(Unicode.Scalar(byte))
                        return (line, "'\(closing)' closes no \(closing == "]" ? "array" : "inline table") here")
                    }
                    open.removeLast()
                    atLineStart = false
                    index += 1
                default:
                    atLineStart = false
                    index += 1
                }
            }
            return nil
        }

        /// At the `[` of a header: whether a name (or the `]` the parser reports) follows.
        private func headerHasName() -> Bool {
            var next = index + 1
            next = afterSpaces(next)
            if next < bytes.count, bytes[next] == UInt8(ascii: "[") { next = afterSpaces(next + 1) }
            guard next < bytes.count else { return true }
            switch bytes[next] {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "\""),
                UInt8(ascii: "'"), UInt8(ascii: "]"):
                return true
            default:
                return false
            }
        }

        /// At a digit of a value: whether a date `YYYY-MM-DD` and `T` (or `t`) start here with no digit after them.
        private func dateWithoutTime() -> Bool {
            let pattern = Array("0000-00-00T".utf8)
            guard index + pattern.count <= bytes.count else { return false }
            for (offset, expected) in pattern.enumerated() {
                let byte = bytes[index + offset]
                switch expected {
                case UInt8(ascii: "0"):
                    guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return false }
                case UInt8(ascii: "T"):
                    guard byte == UInt8(ascii: "T") || byte == UInt8(ascii: "t") else { return false }
                default: guard byte == expected else { return false }
                }
            }
            let next = index + pattern.count
            return next >= bytes.count || !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[next])
        }

        /// At a digit of a value: whether ten characters shaped like a date (`-` fifth and eighth; `_` is not
        /// counted, as the parser skips it) are followed by a space, one digit and the end of the value. The
        /// parser counts characters, not bytes: a character of several bytes counts once, by its first byte.
        private func dateAndLoneDigit() -> Bool {
            var characters: [UInt8] = []
            var next = index
            while next < bytes.count, characters.count < 10 || Self.continues(bytes[next]), !endsValue(at: next) {
                if bytes[next] != UInt8(ascii: "_"), !Self.continues(bytes[next]) { characters.append(bytes[next]) }
                next += 1
            }
            guard characters.count == 10, characters[4] == UInt8(ascii: "-"), characters[7] == UInt8(ascii: "-"),
                next + 1 < bytes.count, bytes[next] == UInt8(ascii: " "),
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[next + 1])
            else { return false }
            return next + 2 >= bytes.count || endsValue(at: next + 2)
        }

        /// A byte inside a UTF-8 sequence after its first.
        private static func continues(_ byte: UInt8) -> Bool {
            byte & 0xC0 == 0x80
        }

        /// Whether the character starting at `position` ends a value for the parser: whitespace as Unicode
        /// has it (vertical tab, no-break space, line separator, … too), `]`, `}`, `,` or `#`.
        private func endsValue(at position: Int) -> Bool {
            switch scalar(at: position) {
            case 0x09...0x0D, 0x20, 0x23, 0x2C, 0x5D, 0x7D: true
            case 0x85, 0xA0, 0x1680, 0x180E, 0x2000...0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x2060, 0x3000, 0xFEFF:
                true
            default: false
            }
        }

        /// The Unicode scalar whose UTF-8 starts at `position` (the text came from a `String`: valid UTF-8).
        private func scalar(at position: Int) -> UInt32 {
            let first = UInt32(bytes[position])
            let (length, bits): (Int, UInt32) =
                switch first {
                case 0..<0x80: (1, first)
                case 0xC0..<0xE0: (2, first & 0x1F)
                case 0xE0..<0xF0: (3, first & 0x0F)
                default: (4, first & 0x07)
                }
            var value = bits
            for offset in 1..<length where position + offset < bytes.count {
                value = value << 6 | UInt32(bytes[position + offset] & 0x3F)
            }
            return value
        }

        private func afterSpaces(_ start: Int) -> Int {
            var next = start
            while next < bytes.count, bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t") {
                next += 1
            }
            return next
        }

        private mutating func skipToLineEnd() {
            while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        }

        /// Past a basic (`"…"`, with escapes) or literal (`'…'`) string, one-line or multi-line (`"""…"""`). Returns
        /// nil when it is closed, else whether it was a multi-line one (which the parser reports as a control
        /// character or not at all, not as the string left open).
        private mutating func skipString(quote: UInt8) -> Bool? {
            let tripled = index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote
            index += tripled ? 3 : 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\"), quote == UInt8(ascii: "\"") {
                    if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { line += 1 }
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\n") {
                    // A one-line string ends at the line break, left open.
                    guard tripled else { return false }
                    line += 1
                }
                if byte == quote {
                    if !tripled {
                        index += 1
                        return nil
                    }
                    if index + 2 < bytes.count, bytes[index + 1] == quote, bytes[index + 2] == quote {
                        // Up to two more quotes may end the string's content: `"""a""""`.
                        index += 3
                        while index < bytes.count, bytes[index] == quote { index += 1 }
                        return nil
                    }
                }
                index += 1
            }
            return tripled
        }
    }
}
