import TextTools

/// A response of the preview server: a status, headers and a body, or a stream of server-sent events.
public struct HTTPResponse: Sendable {
    public enum Body: Sendable {
        case bytes([UInt8])
        /// An open `text/event-stream`: the connection is handed to the stream until the client leaves.
        case events(any EventStream)
    }

    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Body

    public init(status: Int, headers: [(name: String, value: String)] = [], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response with `text` as its body, e.g. `.text(404, "Not found")`.
    public static func text(_ status: Int, _ text: String, type: String = "text/plain; charset=utf-8") -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", type)], body: .bytes(Array(text.utf8)))
    }

    /// The first value of header `name`, compared without case.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The body's bytes; empty for an event stream.
    public var bytes: [UInt8] {
        if case .bytes(let bytes) = body { return bytes }
        return []
    }

    /// The status line and headers, with `Content-Length` for a body and `Connection` as asked.
    func head(keepAlive: Bool) -> [UInt8] {
        var lines = ["HTTP/1.1 \(status) \(HTTPReason.phrase(status))"]
        lines += headers.map { "\($0.name): \($0.value)" }
        switch body {
        case .bytes(let bytes):
            lines.append("Content-Length: \(bytes.count)")
            lines.append("Connection: \(keepAlive ? "keep-alive" : "close")")
        case .events:
            lines.append("Connection: close")
        }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }
}

/// A body sent as server-sent events for as long as the client listens.
public protocol EventStream: Sendable {
    /// Sends events through `send` until it returns false (the client left) or the stream ends.
    func run(send: (String) -> Bool)
}
