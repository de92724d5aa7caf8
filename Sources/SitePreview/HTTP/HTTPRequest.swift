import Foundation

/// A request as the preview server reads it: method, target and headers of an HTTP/1.x request head.
///
/// ```swift
/// let request = HTTPRequest(head: Array("GET /guide/ HTTP/1.1\r\nHost: 127.0.0.1:8000\r\n\r\n".utf8))
/// request?.path  // "/guide/"
/// ```
public struct HTTPRequest: Sendable, Equatable {
    public let method: String
    /// The request target as sent, e.g. `/guide/setup/?x=1`.
    public let target: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    public let version: String
    /// Header fields with lowercased names; a repeated field keeps its last value.
    public let headers: [String: String]

    /// A request made in code, as tests make them.
    public init(method: String = "GET", target: String, version: String = "HTTP/1.1", headers: [String: String] = [:]) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
    }

    /// Parses a request head (the request line and header lines, up to the empty line); nil when malformed: a
    /// control character other than a tab in a header, or any in the target (a line feed there would end up in a
    /// redirect's `Location` as a header of its own), is.
    public init?(head: [UInt8]) {
        let text = String(decoding: head, as: UTF8.self)
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)[...]
        guard let requestLine = lines.popFirst(),
            lines.allSatisfy({ $0.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7F || $0 == 0x09 } })
        else { return nil }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[1].hasPrefix("/") || parts[1] == "*",
            parts[1].utf8.allSatisfy({ $0 > 0x20 && $0 != 0x7F }),
            parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0"
        else { return nil }
        var headers: [String: String] = [:]
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = line[..<colon].lowercased()
            guard !name.isEmpty, !name.contains(" ") else { return nil }
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        self.init(method: String(parts[0]), target: String(parts[1]), version: String(parts[2]), headers: headers)
    }

    /// The target without its query string.
    public var path: String {
        String(target.prefix { $0 != "?" })
    }

    /// The query string with its `?`, or "".
    public var query: String {
        String(target.drop { $0 != "?" })
    }

    /// Whether the connection stays open after the response: HTTP/1.1 unless the client asks to close.
    public var keepsAlive: Bool {
        let connection = headers["connection"]?.lowercased() ?? ""
        return version == "HTTP/1.1" ? connection != "close" : connection == "keep-alive"
    }
}
