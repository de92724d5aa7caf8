import Foundation

/// A Markdown file's bytes as the text the build reads: UTF-8 (invalid bytes replaced), without a
/// byte order mark, with `\n` line ends.
enum PageText {
    static func decode(_ data: Data) -> String {
        // Through a buffer: decoding `Data` as a collection goes byte by byte.
        var text = data.withUnsafeBytes { String(decoding: $0.bindMemory(to: UInt8.self), as: UTF8.self) }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let hasCarriageReturn = data.withUnsafeBytes { bytes in
            bytes.baseAddress.map { memchr($0, 0x0D, bytes.count) != nil } ?? false
        }
        if hasCarriageReturn { text = text.replacingOccurrences(of: "\r\n", with: "\n") }
        return text
    }
}
