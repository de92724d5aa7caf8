public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// An HTTP exchange with the identity provider; a protocol so tests answer without a network.
public protocol HTTPClient: Sendable {
    /// Sends a request and returns the status and body; throws only when no answer arrived.
    func send(_ request: URLRequest) throws -> HTTPAnswer
}

/// Status and body of an HTTP answer.
public struct HTTPAnswer: Sendable {
    /// The status code.
    public var status: Int
    /// The body bytes.
    public var body: Data

    /// Creates an answer.
    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}
