import CLinux
import Foundation

/// A small HTTP/1.1 server on 127.0.0.1 for the preview: GET and HEAD, keep-alive, and long-lived
/// server-sent event streams, one thread per connection.
///
/// Written on plain sockets rather than taken from SwiftNIO or Hummingbird: a preview serves one
/// author's browser on loopback, where a thread per connection is plenty, and those packages would
/// add minutes of compile time to every build of `sitegen` on a 2-core CI machine. What it must get
/// right is small and tested: request heads with size limits, `Content-Length`, keep-alive, `HEAD`,
/// and a write that never raises `SIGPIPE` when a tab is closed mid-response.
public final class HTTPServer: @unchecked Sendable {
    /// The server could not listen, e.g. because the port is taken.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The port the server listens on; the one the system picked when asked for port 0.
    public let port: UInt16
    private let listener: Int32
    private let handler: @Sendable (HTTPRequest) -> HTTPResponse
    private let lock = NSLock()
    private var connections: Set<Int32> = []
    private var stopped = false

    /// The largest request head read, as nginx's default `large_client_header_buffers` allows.
    static let maximumHeadSize = 16 * 1024
    /// Connections open at once, each a thread (a browser tab holds one for its reload events); more are closed as
    /// they are accepted, so connections left open cannot grow the process without end. 256 unless tests say.
    let maximumConnections: Int
    /// Seconds a request head may take to arrive in full, however slowly its bytes come, and a write may wait; 60
    /// unless tests say.
    let headTimeout: Double

    /// Listens on 127.0.0.1:`port` (0 for any free port); call `start()` to accept connections.
    public convenience init(port: UInt16, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws(Failure) {
        try self.init(port: port, maximumConnections: 256, headTimeout: 60, handler: handler)
    }

    init(
        port: UInt16, maximumConnections: Int, headTimeout: Double,
        handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) throws(Failure) {
        self.handler = handler
        self.maximumConnections = maximumConnections
        self.headTimeout = headTimeout
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "cannot create a socket: \(Self.lastError)") }
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(socket, 64) == 0 else {
            let reason = errno == EADDRINUSE ? "is in use; pass another --port" : "cannot be used: \(Self.lastError)"
            close(socket)
            throw Failure(description: "port \(port) on 127.0.0.1 \(reason)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(socket, $0, &length) }
        }
        self.port = UInt16(bigEndian: address.sin_port)
        listener = socket
    }

    /// Accepts connections on a thread of its own until `stop()`.
    public func start() {
        let thread = Thread { [self] in acceptConnections() }
        thread.name = "sitegen-serve-accept"
        thread.start()
    }

    /// Stops accepting and closes every open connection, event streams included.
    public func stop() {
        let open = lock.withLock {
            stopped = true
            return connections
        }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for connection in open { shutdown(connection, Int32(SHUT_RDWR)) }
    }

    private func acceptConnections() {
        while true {
            // The build starts Node and git: a child holding this connection would keep it open once answered.
            let connection = sitegen_accept_closing_on_exec(listener)
            guard connection >= 0 else {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            let accepted = lock.withLock { () -> Bool? in
                guard !stopped else { return nil }
                guard connections.count < maximumConnections else { return false }
                connections.insert(connection)
                return true
            }
            guard let accepted else {
                close(connection)
                return
            }
            guard accepted else {
                close(connection)
                continue
            }
            let thread = Thread { [self] in
                serve(connection)
                lock.withLock { _ = connections.remove(connection) }
                close(connection)
            }
            thread.name = "sitegen-serve-connection"
            thread.start()
        }
    }

    /// Answers requests on one connection until the client closes it, asks to, takes 60 s over a request head, or
    /// takes 60 s to accept a write.
    private func serve(_ connection: Int32) {
        var timeout = timeval(
            tv_sec: Int(headTimeout), tv_usec: Int((headTimeout - headTimeout.rounded(.down)) * 1_000_000))
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer: [UInt8] = []
        while let head = readHead(connection, buffer: &buffer) {
            guard let request = HTTPRequest(head: head) else {
                send(HTTPResponse.text(400, "Bad request\n"), to: connection, keepAlive: false, headOnly: false)
                return
            }
            guard skipBody(of: request, connection: connection, buffer: &buffer) else { return }
            let response = handler(request)
            let keepAlive = request.keepsAlive
            guard send(response, to: connection, keepAlive: keepAlive, headOnly: request.method == "HEAD") else {
                return
            }
            if case .events(let stream) = response.body, request.method != "HEAD" {
                stream.run { event in write(Array(event.utf8), to: connection) }
                return
            }
            guard keepAlive else { return }
        }
    }

    /// Reads up to the end of the next request head; the bytes after it stay in `buffer`. Nil when the client
    /// closes the connection, or the head is not complete within `headTimeout` of the first wait for it.
    private func readHead(_ connection: Int32, buffer: inout [UInt8]) -> [UInt8]? {
        let end: [UInt8] = [13, 10, 13, 10]
        let deadline = ContinuousClock.now + .seconds(headTimeout)
        while true {
            if let range = buffer.firstRange(of: end) {
                let head = Array(buffer[..<range.lowerBound])
                buffer.removeSubrange(..<range.upperBound)
                return head
            }
            if buffer.count > Self.maximumHeadSize {
                send(
                    HTTPResponse.text(431, "Request header too large\n"), to: connection, keepAlive: false,
                    headOnly: false)
                return nil
            }
            guard ContinuousClock.now < deadline else { return nil }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = recv(connection, &chunk, chunk.count, 0)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }

    /// Reads and drops a request body, which the preview never needs; false when it is too long or broken.
    private func skipBody(of request: HTTPRequest, connection: Int32, buffer: inout [UInt8]) -> Bool {
        guard let length = request.headers["content-length"].flatMap(Int.init), length > 0 else {
            return request.headers["transfer-encoding"] == nil
        }
        guard length <= 1 << 20 else { return false }
        while buffer.count < length {
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = recv(connection, &chunk, chunk.count, 0)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            buffer += chunk[..<count]
        }
        buffer.removeSubrange(..<length)
        return true
    }

    @discardableResult
    private func send(_ response: HTTPResponse, to connection: Int32, keepAlive: Bool, headOnly: Bool) -> Bool {
        guard write(response.head(keepAlive: keepAlive), to: connection) else { return false }
        return headOnly || write(response.bytes, to: connection)
    }

    /// Writes all of `bytes`; false when the client has gone.
    private func write(_ bytes: [UInt8], to connection: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Foundation.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    private static var lastError: String {
        String(cString: strerror(errno))
    }
}
