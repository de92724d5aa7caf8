/// JSON strings written straight into bytes, as `JSONEncoder` writes them with unescaped slashes, for files a
/// build writes by the thousand without an encoder: the search index's files and the access manifest.
public enum JSONString {
    private static let hex = Array("0123456789abcdef".utf8)

    /// Appends `utf8` in double quotes, with `"` and `\` escaped and control characters as `JSONEncoder` writes
    /// them (`\n`, `\t`, `\b`, `\u0001`); everything else, `/` and non-ASCII included, as it is.
    public static func append(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        bytes.append(0x22)
        var plain = 0
        for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
            bytes += UnsafeBufferPointer(rebasing: utf8[plain..<index])
            switch byte {
            case 0x22: bytes += [0x5C, 0x22]
            case 0x5C: bytes += [0x5C, 0x5C]
            case 0x08: bytes += [0x5C, UInt8(ascii: "b")]
            case 0x0C: bytes += [0x5C, UInt8(ascii: "f")]
            case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
            case 0x0D: bytes += [0x5C, UInt8(ascii: "r")]
            case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
            default: bytes += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
            plain = index + 1
        }
        bytes += UnsafeBufferPointer(rebasing: utf8[plain...])
        bytes.append(0x22)
    }

    /// Appends `text` as a JSON string (see `append(_:to:)` for bytes).
    public static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { append($0, to: &bytes) }
    }
}
