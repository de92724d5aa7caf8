import TextTools

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

    /// `text` in double quotes, escaped as `JSONEncoder` escapes it (`JSONString`).
    mutating func string(_ text: String) {
        JSONString.append(text, to: &bytes)
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

}
