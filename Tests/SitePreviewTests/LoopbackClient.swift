import Foundation
import LoopbackSockets

/// A plain HTTP/1.1 client on a socket, to talk to a running preview server as a browser would.
struct LoopbackClient {
    let port: UInt16

    /// GETs `target` on a connection of its own and returns the status and body; nil when nothing answers.
    func get(_ target: String) -> (status: Int, body: String)? {
        let request = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
        guard let text = try? TCPClient.exchange(request, port: Int(port)), let split = text.range(of: "\r\n\r\n"),
            let status = Int(text.dropFirst(9).prefix(3))
        else { return nil }
        return (status, String(text[split.upperBound...]))
    }

    /// Opens the live-reload event stream; read it with `nextBuild(from:)`.
    func events() -> Int32? {
        guard let socket = connect() else { return nil }
        send(socket, "GET /.sitegen-serve/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        return socket
    }

    /// The next `data:` line of the stream, waiting up to `seconds`.
    func nextBuild(from socket: Int32, seconds: Int = 30) -> String? {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while recv(socket, &byte, 1, 0) == 1 {
            guard byte == 10 else {
                line.append(byte)
                continue
            }
            let text = String(decoding: line, as: UTF8.self)
            line = []
            if text.hasPrefix("data: ") { return String(text.dropFirst(6)) }
        }
        return nil
    }

    /// Whether the server closes `socket` within `seconds` without sending a byte.
    func closedUnanswered(_ socket: Int32, seconds: Double) -> Bool {
        var timeout = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1_000_000))
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var byte: UInt8 = 0
        let count = recv(socket, &byte, 1, 0)
        return count == 0 || count < 0 && errno == ECONNRESET
    }

    /// A connection of its own, for a test to hold open, write to with `send` and close.
    func connect() -> Int32? {
        try? TCPClient.connect(port: Int(port))
    }

    func send(_ socket: Int32, _ text: String) {
        _ = text.withCString { Foundation.send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    }
}
