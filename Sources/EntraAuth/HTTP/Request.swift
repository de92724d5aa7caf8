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
        self.method = method
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = parts.first.map(String.init) ?? "/"
        query = parts.count > 1 ? FormEncoding.decode(String(parts[1])) : [:]
        self.headers = Dictionary(
            headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// The cookies sent with the request.
    public var cookies: Cookies { Cookies(header: headers["cookie"] ?? "") }
}

/// The cookies of a `Cookie` header, parsed without copying values.
public struct Cookies: Sendable {
    /// Every cookie in header order.
    public let all: [(name: String, value: Substring)]

    /// Parses `a=1; b=2`; malformed pairs are skipped.
    public init(header: String) {
        all = header.split(separator: ";").compactMap { pair in
            guard let equals = pair.firstIndex(of: "=") else { return nil }
            let name = pair[..<equals].trimmingCharacters(in: .whitespaces)
            var value = pair[pair.index(after: equals)...]
            while value.first == " " { value = value.dropFirst() }
            while value.last == " " { value = value.dropLast() }
            return name.isEmpty ? nil : (name, value)
        }
    }

    /// The first cookie with this name.
    public subscript(name: String) -> Substring? { all.first { $0.name == name }?.value }
}
