public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// An HTTP exchange with the identity provider; a protocol so tests answer without a network.
public protocol HTTPClient: Sendable {
    /// Sends a request and returns the status and body; throws only when no answer arrived.
    func send(_ request: URLRequest) throws -> HTTPAnswer
}

/// Status, headers and body of an HTTP answer.
public struct HTTPAnswer: Sendable {
    /// The status code.
    public var status: Int
    /// The body bytes.
    public var body: Data
    /// Header values by lowercased name.
    public var headers: [String: String]

    /// Creates an answer.
    public init(status: Int, body: Data, headers: [String: String] = [:]) {
        self.status = status
        self.body = body
        self.headers = Dictionary(
            headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// A header's value by case-insensitive name.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// Reads the one `Cache-Control` directive the provider refresh needs.
enum CacheControl {
    /// How long the answer may be used, in seconds: `max-age` (`public, max-age=86400` → 86400), 0 when `no-cache` or
    /// `no-store` says it must not be used again unchecked (whatever `max-age` says), nil when the value says neither.
    static func maxAge(in value: String) -> TimeInterval? {
        var maxAge: TimeInterval?
        for directive in value.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let name = parts[0].lowercased()
            if name == "no-cache" || name == "no-store" { return 0 }
            if parts.count == 2, name == "max-age", maxAge == nil, let seconds = Int(parts[1]), seconds >= 0 {
                maxAge = TimeInterval(seconds)
            }
        }
        return maxAge
    }
}
