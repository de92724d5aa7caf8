/// Reads HTML's tags and their attributes as a browser's tokenizer splits them, building nothing: the one tag
/// reader of the build, for raw HTML in Markdown (`HTMLLinks`) and for a page's HTML as search reads it
/// (`SearchText`). A value may be double-quoted, single-quoted or bare (`<img src=logo.png>`), with white space
/// around its `=`; comments, doctypes and processing instructions are tags without a name.
enum HTMLTags {
    /// One tag, read at its `<`.
    struct Tag {
        enum Kind {
            case start
            case end
            /// A comment, doctype or processing instruction.
            case other
        }

        let kind: Kind
        /// Where its name is in the bytes; empty for `other`.
        let name: Range<Int>
        /// Where it ends: after its `>`, or the end of the bytes when it never closes.
        let end: Int
    }

    /// The tag starting at `start`, a `<`, calling `attribute` for a start tag with the place of its name and of
    /// each of its attributes' names and values (without quotes), in order; nil when `<` starts no tag there
    /// (`a < b` is text). An attribute without a value goes to `bareAttribute` instead, with the place of its name;
    /// a quote that never closes runs to the end of the bytes, and its attribute is passed over.
    static func tag(
        in bytes: UnsafeBufferPointer<UInt8>, at start: Int,
        attribute: (_ tag: Range<Int>, _ name: Range<Int>, _ value: Range<Int>) -> Void = { _, _, _ in },
        bareAttribute: (_ name: Range<Int>) -> Void = { _ in }
    ) -> Tag? {
        var index = start + 1
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "!") where hasPrefix("!--", in: bytes, at: index):
            return Tag(kind: .other, name: index..<index, end: end(of: "-->", in: bytes, from: index + 3))
        case UInt8(ascii: "!"), UInt8(ascii: "?"):
            return Tag(kind: .other, name: index..<index, end: end(of: ">", in: bytes, from: index))
        case UInt8(ascii: "/"):
            index += 1
            guard index < bytes.count, isLetter(bytes[index]) else {
                return Tag(kind: .other, name: index..<index, end: end(of: ">", in: bytes, from: index))
            }
            let name = name(in: bytes, from: index)
            return Tag(
                kind: .end, name: name,
                end: readAttributes(in: bytes, from: name.upperBound, bare: { _ in }) { _, _ in })
        case let byte where isLetter(byte):
            let name = name(in: bytes, from: index)
            return Tag(
                kind: .start, name: name,
                end: readAttributes(in: bytes, from: name.upperBound, bare: bareAttribute) { attribute(name, $0, $1) })
        default:
            return nil
        }
    }

    /// Calls `visit` with each start tag's name and each of its attributes' names, lowercased (`SRC` is
    /// `src`), and the place of the attribute's value in `bytes`, in order.
    static func forEachAttribute(in bytes: [UInt8], _ visit: (_ tag: String, _ name: String, Range<Int>) -> Void) {
        bytes.withUnsafeBufferPointer { bytes in
            var index = 0
            while let open = firstIndex(of: UInt8(ascii: "<"), in: bytes, from: index) {
                var tagName: String?
                let tag = tag(in: bytes, at: open) { tag, attribute, value in
                    let name = tagName ?? lowercased(bytes[tag])
                    tagName = name
                    visit(name, lowercased(bytes[attribute]), value)
                }
                index = tag?.end ?? open + 1
            }
        }
    }

    /// Reads the attributes from `start` to the end of the tag and returns where the tag ends.
    private static func readAttributes(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, bare: (Range<Int>) -> Void,
        _ visit: (Range<Int>, Range<Int>) -> Void
    ) -> Int {
        var index = start
        while true {
            while index < bytes.count, isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") {
                index += 1
            }
            guard index < bytes.count else { return bytes.count }
            guard bytes[index] != UInt8(ascii: ">") else { return index + 1 }
            let nameStart = index
            index += 1
            while index < bytes.count, !endsName(bytes[index]), bytes[index] != UInt8(ascii: "=") { index += 1 }
            let name = nameStart..<index
            var value = skippingSpace(in: bytes, from: index)
            guard value < bytes.count, bytes[value] == UInt8(ascii: "=") else {
                bare(name)
                continue
            }
            value = skippingSpace(in: bytes, from: value + 1)
            guard value < bytes.count else { return bytes.count }
            let quote = bytes[value]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                guard let close = firstIndex(of: quote, in: bytes, from: value + 1) else { return bytes.count }
                visit(name, (value + 1)..<close)
                index = close + 1
            } else {
                index = value
                while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") {
                    index += 1
                }
                visit(name, value..<index)
            }
        }
    }

    /// HTML's white space: space, tab, line feed, form feed, carriage return.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
    }

    private static func name(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Range<Int> {
        var index = start
        while index < bytes.count, !endsName(bytes[index]) { index += 1 }
        return start..<index
    }

    private static func skippingSpace(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        return index
    }

    private static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        return bytes[start...].firstIndex(of: byte)
    }

    private static func hasPrefix(_ prefix: String, in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        bytes[start...].starts(with: prefix.utf8)
    }

    /// Where the first `needle` from `start` ends; the end of `bytes` when there is none.
    private static func end(of needle: String, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let pattern = Array(needle.utf8)
        var index = start
        while let hit = firstIndex(of: pattern[0], in: bytes, from: index) {
            if bytes[hit...].starts(with: pattern) { return hit + pattern.count }
            index = hit + 1
        }
        return bytes.count
    }

    private static func lowercased(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        String(decoding: bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
