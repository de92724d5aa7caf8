import Foundation

/// An HTTP request as the FastCGI adapter hands it over: method, path, query and headers.
public struct Request: Sendable {
    /// `GET`, `POST`, …
    public var method: String
    /// The path without the query (`/.auth/login`).
    public var path: String
    /// The decoded query parameters; the first value wins when a name repeats.
    public var query: [String: String]
    /// Header values by lowercased name (`cookie`, `x-original-uri`, `sec-fetch-mode`).
    public var headers: [String: String]

    /// Creates a request; `target` is the request target with its query (`/.auth/login?rd=%2Fx`).
    public init(method: String, target: String, headers: [String: String]) {
        // On bytes: `?` followed by a combining mark is one Swift character, but still ends the path.
        if let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) {
            self.init(
                method: method, path: String(target[..<mark]), query: String(target[target.utf8.index(after: mark)...]),
                headers: headers)
        } else {
            self.init(method: method, path: target, query: "", headers: headers)
        }
    }

    /// Creates a request from a path and a raw query string kept apart, as FastCGI hands them over: the path is
    /// already decoded, so a `?` in it is part of the path (`/.auth/check%3F` is no endpoint), never a query.
    public init(method: String, path: String, query: String, headers: [String: String]) {
        self.method = method
        self.path = path
        self.query = query.isEmpty ? [:] : FormEncoding.decode(query)
        self.headers = headers
        if headers.keys.contains(where: { $0.utf8.contains { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) } }) {
            self.headers = Dictionary(
                headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// The cookies sent with the request.
    public var cookies: Cookies { Cookies(header: headers["cookie"] ?? "") }
}

/// The cookies of a `Cookie` header, parsed on bytes: this runs for every request the auth check answers.
public struct Cookies: Sendable {
    /// Every cookie in header order.
    public let all: [(name: String, value: Substring)]

    /// Parses `a=1; b=2`; malformed pairs are skipped.
    public init(header: String) {
        let bytes = header.utf8
        var cookies: [(name: String, value: Substring)] = []
        var pairStart = bytes.startIndex
        while pairStart < bytes.endIndex {
            let pairEnd = bytes[pairStart...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
            if let equals = bytes[pairStart..<pairEnd].firstIndex(of: UInt8(ascii: "=")) {
                let name = Self.trimmed(header[pairStart..<equals])
                let value = Self.trimmed(header[bytes.index(after: equals)..<pairEnd])
                if !name.isEmpty { cookies.append((String(name), value)) }
            }
            pairStart = pairEnd == bytes.endIndex ? pairEnd : bytes.index(after: pairEnd)
        }
        all = cookies
    }

    /// The first cookie with this name.
    public subscript(name: String) -> Substring? { all.first { $0.name == name }?.value }

    /// Drops spaces and tabs byte by byte: `dropFirst()` would drop a whole character, and a space followed by a
    /// combining mark is one, so `\u{301}__Host-x` (a name any site may set) would lose its mark and pass for
    /// the host-only `__Host-x`.
    private static func trimmed(_ text: Substring) -> Substring {
        let bytes = text.utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, isBlank(bytes[start]) { start = bytes.index(after: start) }
        while end > start, isBlank(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        return text[start..<end]
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }
}
