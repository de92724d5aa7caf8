import Foundation

/// Sends raw bytes to a server a test started on a loopback TCP port and reads until it closes the connection, so
/// tests see exactly what went over the wire: the one way the test targets open a connection to such a server.
public enum TCPClient {
    /// Why no connection could be made.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Everything the server sent for `text` before it closed the connection (or 5 s passed).
    public static func exchange(_ text: String, port: Int) throws -> String {
        let connection = try Connection(port: port)
        connection.send(text)
        return connection.read(seconds: 5).text
    }

    /// A connection to 127.0.0.1:`port` as a bare descriptor, for a test that holds it and closes it itself.
    public static func connect(port: Int) throws -> Int32 {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Foundation.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(socket)
            throw Failure(description: "cannot connect to 127.0.0.1:\(port): \(reason)")
        }
        return socket
    }

    /// A connection held open for as long as the test keeps it, closed when it is released.
    public final class Connection {
        /// The connection's descriptor, for a test that reads or writes it directly.
        public let socket: Int32

        public init(port: Int) throws {
            socket = try TCPClient.connect(port: port)
        }

        deinit { close(socket) }

        /// Sends `text`; false when the server no longer takes it.
        @discardableResult
        public func send(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            var sent = 0
            while sent < bytes.count {
                let count = bytes[sent...].withUnsafeBytes {
                    Foundation.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                guard count > 0 else { return false }
                sent += count
            }
            return true
        }

        /// What arrives until the server closes the connection (`closed`) or `seconds` pass without more.
        public func read(seconds: Int) -> (text: String, closed: Bool) {
            var timeout = timeval(tv_sec: seconds, tv_usec: 0)
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var answer: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
                if count > 0 {
                    answer += buffer[..<count]
                    continue
                }
                return (String(decoding: answer, as: UTF8.self), count == 0 || errno == ECONNRESET)
            }
        }
    }
}
