/// An HTTP response the router returns and the FastCGI adapter writes.
public struct Response: Sendable, Equatable {
    /// Status code.
    public var status: Int
    /// Headers in order; `Set-Cookie` may repeat.
    public var headers: [(name: String, value: String)]
    /// Body bytes.
    public var body: [UInt8]

    /// Creates a response.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of a header, by case-insensitive name.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Every value of a header (for `Set-Cookie`).
    public func headers(_ name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// A redirect that no cache keeps.
    static func redirect(_ status: Int = 302, to location: String, cookies: [String] = []) -> Response {
        Response(
            status: status,
            headers: [("Location", location), ("Cache-Control", "no-store")] + cookies.map { ("Set-Cookie", $0) }
        )
    }

    /// The response with a `Set-Cookie` header for each of `cookies` added.
    func adding(cookies: [String]) -> Response {
        var copy = self
        copy.headers += cookies.map { ("Set-Cookie", $0) }
        return copy
    }

    /// A small plain-text answer that no cache keeps.
    public static func text(_ status: Int, _ text: String) -> Response {
        Response(
            status: status,
            headers: [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")],
            body: Array((text + "\n").utf8)
        )
    }

    public static func == (lhs: Response, rhs: Response) -> Bool {
        lhs.status == rhs.status && lhs.body == rhs.body
            && lhs.headers.map { "\($0.name): \($0.value)" }
                == rhs.headers.map { "\($0.name): \($0.value)" }
    }
}
