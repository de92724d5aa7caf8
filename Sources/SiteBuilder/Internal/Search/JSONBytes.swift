/// JSON written straight into bytes, for files written without an encoder (an encoder is much slower for the
/// search index's many small values).
struct JSONBytes {
    var bytes: [UInt8] = []

    /// Text that is already JSON, such as `{"pages":`.
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes += $0 }
    }

    mutating func byte(_ byte: UInt8) {
        bytes.append(byte)
    }

    mutating func raw(_ text: String) {
        bytes += text.utf8
    }

    mutating func integer(_ value: Int) {
        DecimalBytes.append(value, to: &bytes)
    }

    /// `text` in double quotes, with `"`, `\` and control characters escaped.
    mutating func string(_ text: String) {
        bytes.append(0x22)
        var text = text
        text.withUTF8 { utf8 in
            var plain = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                bytes += UnsafeBufferPointer(rebasing: utf8[plain..<index])
                switch byte {
                case 0x22: bytes += [0x5C, 0x22]
                case 0x5C: bytes += [0x5C, 0x5C]
                case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
                case 0x0D: bytes += [0x5C, UInt8(ascii: "r")]
                case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
                default:
                    bytes += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 0xF)]]
                }
                plain = index + 1
            }
            bytes += UnsafeBufferPointer(rebasing: utf8[plain...])
        }
        bytes.append(0x22)
    }

    /// `strings` as a JSON array.
    mutating func strings(_ strings: [String]) {
        bytes.append(UInt8(ascii: "["))
        for (index, text) in strings.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            string(text)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    private static let hex = Array("0123456789abcdef".utf8)
}
