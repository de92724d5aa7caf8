public import EntraAuth
public import NIOHTTP1

extension Response {
    /// The head of the HTTP answer: the status, the headers in order, `Content-Length`, and `Connection: close`
    /// when the connection ends after it.
    public func httpHead(version: HTTPVersion, keepAlive: Bool) -> HTTPResponseHead {
        var fields = HTTPHeaders(headers.map { ($0.name, $0.value) })
        fields.replaceOrAdd(name: "Content-Length", value: String(body.count))
        if !keepAlive { fields.replaceOrAdd(name: "Connection", value: "close") }
        return HTTPResponseHead(version: version, status: HTTPResponseStatus(statusCode: status), headers: fields)
    }
}
