import Foundation

/// `application/x-www-form-urlencoded`, for query strings, token requests and client_secret_basic.
enum FormEncoding {
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// Encodes one value: unreserved characters stay, everything else is %XX (space too, never `+`).
    static func escape(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
    }

    /// Decodes `a=1&b=x%20y`; `+` means space; the first value of a repeated name wins. Splits on bytes:
    /// `&` or `=` followed by a combining mark is one Swift character, but still a separator.
    static func decode(_ query: String) -> [String: String] {
        var result: [String: String] = [:]
        for pair in query.utf8.split(separator: UInt8(ascii: "&")) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = unescape(parts[0])
            guard !name.isEmpty, result[name] == nil else { continue }
            result[name] = parts.count > 1 ? unescape(parts[1]) : ""
        }
        return result
    }

    private static func unescape(_ text: Substring.UTF8View.SubSequence) -> String {
        let spaced = text.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }
        return String(decoding: spaced, as: UTF8.self).removingPercentEncoding ?? ""
    }
}
