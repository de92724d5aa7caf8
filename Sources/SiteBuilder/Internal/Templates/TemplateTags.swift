import Foundation

/// Reads the tags of a Mustache template's source, for the checks made when templates load:
/// swift-mustache does not expose its parsed tokens.
enum TemplateTags {
    struct Tag: Equatable {
        /// The character after `{{` that gives the tag its kind (`#`, `^`, `/`, `>`, `<`, `$`, `&`, `{`,
        /// `!`, `=`); nil for a plain variable.
        let sigil: Character?
        /// The text of the tag after its sigil, trimmed: a name such as `page.title` or `empty(children)`.
        let name: String
        /// The 1-based line the tag starts on.
        let line: Int
        /// True when the tag stands alone on its line after some indentation, which swift-mustache
        /// then adds to the lines of a partial it includes.
        let isIndentedStandalone: Bool
    }

    /// Works on the source's UTF-8 bytes: every template is read this way each time templates load.
    static func scan(_ source: String) -> [Tag] {
        let bytes = Array(source.utf8)
        var tags: [Tag] = []
        var line = 1
        var lineStart = 0
        var position = 0
        func countLines(_ range: Range<Int>) {
            for index in range where bytes[index] == newline {
                line += 1
                lineStart = index + 1
            }
        }
        while let open = find(open: true, in: bytes, from: position) {
            countLines(position..<open)
            let contentStart = open + 2
            guard let close = find(open: false, in: bytes, from: contentStart) else { break }
            var nameStart = contentStart
            var after = close + 2
            var sigil: Character?
            if nameStart < close, sigils.contains(bytes[nameStart]) {
                sigil = Character(Unicode.Scalar(bytes[nameStart]))
                nameStart += 1
            }
            if sigil == "{", after < bytes.count, bytes[after] == UInt8(ascii: "}") { after += 1 }
            let name = String(decoding: bytes[nameStart..<close], as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let lineEnd = bytes[after...].firstIndex(of: newline) ?? bytes.count
            let standalone =
                lineStart < open && bytes[lineStart..<open].allSatisfy(isBlank)
                && bytes[after..<lineEnd].allSatisfy(isBlank)
            tags.append(Tag(sigil: sigil, name: name, line: line, isIndentedStandalone: standalone))
            countLines(contentStart..<close)
            position = after
        }
        return tags
    }

    private static let newline = UInt8(ascii: "\n")
    private static let sigils = Set("#^/><$&{!=".utf8)

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// Where the next `{{` (or `}}`) starts at or after `start`.
    private static func find(open: Bool, in bytes: [UInt8], from start: Int) -> Int? {
        let brace = open ? UInt8(ascii: "{") : UInt8(ascii: "}")
        var index = start
        while index + 1 < bytes.count {
            if bytes[index + 1] != brace {
                index += 2
            } else if bytes[index] == brace {
                return index
            } else {
                index += 1
            }
        }
        return nil
    }
}
