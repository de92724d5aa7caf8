/// Reads the record's lines field by field: each field ends with a tab, the last of a line with a line
/// break. A field that does not end as expected reads as nil, and the record as damaged.
struct RecordFields {
    private let bytes: [UInt8]
    private var position = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { position == bytes.count }

    /// Whether the next line is exactly `text`; consumes it if so, and nothing otherwise.
    mutating func line(is text: String) -> Bool {
        let start = position
        guard let field = next(last: true), bytes[field].elementsEqual(text.utf8) else {
            position = start
            return false
        }
        return true
    }

    /// A field that is never escaped: a line's kind.
    mutating func field() -> String? {
        guard let field = next(last: false) else { return nil }
        return bytes.withUnsafeBufferPointer { String(decoding: $0[field], as: UTF8.self) }
    }

    mutating func text(last: Bool = false) -> String? {
        guard let field = next(last: last) else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            let slice = buffer[field]
            guard slice.contains(0x5C) else { return String(decoding: slice, as: UTF8.self) }
            return Self.unescaped(slice)
        }
    }

    /// A decimal integer, optionally negative; nil for anything else.
    mutating func number(last: Bool = false) -> Int? {
        guard let field = next(last: last) else { return nil }
        let negative = bytes[field].first == UInt8(ascii: "-")
        let value = DecimalBytes.value(of: bytes[field].dropFirst(negative ? 1 : 0))
        return negative ? value.map { -$0 } : value
    }

    /// The range of the next field, which must end with a line break if `last`, else with a tab.
    private mutating func next(last: Bool) -> Range<Int>? {
        let start = position
        // Scanned through a buffer pointer: a record has tens of thousands of lines, and the array's
        // bounds check on every byte is a good part of reading them.
        let end = bytes.withUnsafeBufferPointer { buffer in
            buffer[start...].firstIndex { $0 == 0x09 || $0 == 0x0A } ?? buffer.count
        }
        guard end < bytes.count, bytes[end] == (last ? 0x0A : 0x09) else { return nil }
        position = end + 1
        return start..<end
    }

    private static func unescaped(_ field: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        var result: [UInt8] = []
        var escaping = false
        for byte in field {
            if escaping {
                result.append(byte == UInt8(ascii: "t") ? 0x09 : byte == UInt8(ascii: "n") ? 0x0A : byte)
                escaping = false
            } else if byte == 0x5C {
                escaping = true
            } else {
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
