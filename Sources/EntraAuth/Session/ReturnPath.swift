import Foundation

/// Accepts only same-site relative paths as the page to return to after sign-in: no open redirect.
enum ReturnPath {
    static let fallback = "/"

    /// The longest return path kept. Real paths are far shorter; a cap keeps each sign-in cookie small (see
    /// `LoginTransaction`).
    static let maximumLength = 1024

    /// `rd` if it is a safe relative path (`/x`) of at most `maximumLength` bytes, otherwise `/`. Refused: `//evil`,
    /// `/\evil`, `https://…`, encoded forms of those (`/%2F%2Fevil`), control characters (header injection), raw
    /// non-ASCII. A `"` is percent-encoded, as a browser sends it, so the path is written into a sign-in cookie's
    /// JSON byte for byte, never escaped into more bytes than the cap counts.
    static func sanitize(_ candidate: String?) -> String {
        guard let candidate, candidate.utf8.count <= maximumLength, isRelativePath(candidate),
            candidate.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }),
            let decoded = candidate.removingPercentEncoding, isRelativePath(decoded),
            !decoded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else { return fallback }
        let encoded = candidate.replacingOccurrences(of: "\"", with: "%22")
        return encoded.utf8.count <= maximumLength ? encoded : fallback
    }

    /// On bytes: String compares characters, and `/` or `\` followed by a combining mark is another character.
    private static func isRelativePath(_ path: String) -> Bool {
        let bytes = path.utf8
        return bytes.first == UInt8(ascii: "/") && !bytes.dropFirst().starts(with: [UInt8(ascii: "/")])
            && !bytes.contains(UInt8(ascii: "\\"))
    }
}
