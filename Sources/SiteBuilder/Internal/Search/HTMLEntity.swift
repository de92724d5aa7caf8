/// Character references in HTML text: the numeric ones and the few named ones Markdown renderers and
/// authors use. Any other `&` is text.
enum HTMLEntity {
    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "ndash": "–",
        "mdash": "—", "hellip": "…", "copy": "©", "reg": "®", "trade": "™", "laquo": "«", "raquo": "»",
        "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "middot": "·", "times": "×", "larr": "←",
        "rarr": "→", "shy": "\u{AD}",
    ]

    /// The reference starting at `start` (an `&`) and where it ends, or nil when there is none.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (String, Int)? {
        var end = start + 1
        while end < bytes.count, end - start <= 10, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";"), end > start + 1 else { return nil }
        let name = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
        if let text = named[name] { return (text, end + 1) }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value =
            digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
        return (String(Character(scalar)), end + 1)
    }

    /// `bytes` with every reference decoded.
    static func decodeAll(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        let bytes = UnsafeBufferPointer(rebasing: bytes)
        var text = ""
        var index = 0
        var plainStart = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "&"), let (decoded, next) = decode(bytes, at: index) {
                text += String(decoding: bytes[plainStart..<index], as: UTF8.self) + decoded
                index = next
                plainStart = next
            } else {
                index += 1
            }
        }
        return text + String(decoding: bytes[plainStart...], as: UTF8.self)
    }
}
