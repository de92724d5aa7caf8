/// Reads the start tags of raw HTML and their attributes as a browser's tokenizer splits them, building
/// nothing: text, comments, end tags, doctypes and processing instructions are passed over; a value may be
/// double-quoted, single-quoted or bare (`<img src=logo.png>`), with white space around its `=`.
enum HTMLTags {
    /// Calls `visit` with each start tag's name and each of its attributes' names, lowercased (`SRC` is
    /// `src`), and the place of the attribute's value in `bytes`, without its quotes, in order. An attribute
    /// without a value is passed over; reading stops at a quote that never closes.
    static func forEachAttribute(in bytes: [UInt8], _ visit: (_ tag: String, _ name: String, Range<Int>) -> Void) {
        var index = 0
        while let open = firstIndex(of: UInt8(ascii: "<"), in: bytes, from: index) {
            index = open + 1
            guard index < bytes.count else { return }
            switch bytes[index] {
            case UInt8(ascii: "!") where hasPrefix("!--", in: bytes, at: index):
                index = end(of: "-->", in: bytes, from: index + 3)
                continue
            case UInt8(ascii: "!"), UInt8(ascii: "/"), UInt8(ascii: "?"):
                index = end(of: ">", in: bytes, from: index)
                continue
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                break
            default:
                continue
            }
            let nameStart = index
            while index < bytes.count, !endsName(bytes[index]) { index += 1 }
            let tag = lowercased(bytes[nameStart..<index])
            guard let next = readAttributes(of: tag, in: bytes, from: index, visit) else { return }
            index = next
        }
    }

    /// Reads the attributes from `start` to the end of the tag and returns where the tag ends; nil when a
    /// value's quote never closes.
    private static func readAttributes(
        of tag: String, in bytes: [UInt8], from start: Int, _ visit: (String, String, Range<Int>) -> Void
    ) -> Int? {
        var index = start
        while true {
            while index < bytes.count, isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") {
                index += 1
            }
            guard index < bytes.count, bytes[index] != UInt8(ascii: ">") else { return index + 1 }
            let nameStart = index
            index += 1
            while index < bytes.count, !endsName(bytes[index]), bytes[index] != UInt8(ascii: "=") { index += 1 }
            let name = lowercased(bytes[nameStart..<index])
            var value = skippingSpace(in: bytes, from: index)
            guard value < bytes.count, bytes[value] == UInt8(ascii: "=") else { continue }
            value = skippingSpace(in: bytes, from: value + 1)
            guard value < bytes.count else { return nil }
            let quote = bytes[value]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                guard let close = firstIndex(of: quote, in: bytes, from: value + 1) else { return nil }
                visit(tag, name, (value + 1)..<close)
                index = close + 1
            } else {
                index = value
                while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") {
                    index += 1
                }
                visit(tag, name, value..<index)
            }
        }
    }

    /// HTML's white space: space, tab, line feed, form feed, carriage return.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
    }

    private static func skippingSpace(in bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        return index
    }

    private static func firstIndex(of byte: UInt8, in bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        return bytes[start...].firstIndex(of: byte)
    }

    private static func hasPrefix(_ prefix: String, in bytes: [UInt8], at start: Int) -> Bool {
        bytes[start...].starts(with: prefix.utf8)
    }

    /// Where the first `needle` from `start` ends; the end of `bytes` when there is none.
    private static func end(of needle: String, in bytes: [UInt8], from start: Int) -> Int {
        let pattern = Array(needle.utf8)
        var index = start
        while let hit = firstIndex(of: pattern[0], in: bytes, from: index) {
            if bytes[hit...].starts(with: pattern) { return hit + pattern.count }
            index = hit + 1
        }
        return bytes.count
    }

    private static func lowercased(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
