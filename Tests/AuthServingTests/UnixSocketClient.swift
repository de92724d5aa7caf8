import Foundation

/// A client connection to a unix socket: sends bytes, then reads until the peer closes (5 s at most).
struct UnixSocketClient {
    let descriptor: Int32

    init(path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: Array(path.utf8.prefix(buffer.count - 1)) + [0])
        }
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends `bytes`; a peer that hung up early is not an error here (the answer tells).
    func send(_ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { return }
            sent += count
        }
    }

    /// Everything the peer sends until it closes, or until 5 s pass.
    func readToEnd() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return bytes
    }

    /// The next `count` whole answers, each up to its end-of-request record, leaving the connection open (5 s at
    /// most).
    func readAnswers(_ count: Int = 1) -> [FastCGIWire.Answer] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        func ends() -> Int { FastCGIWire.records(in: bytes).count { $0.type == FastCGIWire.endRequest } }
        while ends() < count {
            let read = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard read > 0 else { break }
            bytes += buffer[..<read]
        }
        var answers: [FastCGIWire.Answer] = []
        var records: [UInt8] = []
        for record in FastCGIWire.records(in: bytes) {
            records += FastCGIWire.record(record.type, record.content, id: record.id)
            if record.type == FastCGIWire.endRequest {
                answers.append(FastCGIWire.answer(in: records))
                records = []
            }
        }
        return answers
    }

    func close() { Glibc.close(descriptor) }

    /// Sends `bytes` on a new connection and returns the parsed answer.
    static func exchange(_ bytes: [UInt8], path: String) throws -> FastCGIWire.Answer {
        let client = try UnixSocketClient(path: path)
        defer { client.close() }
        client.send(bytes)
        shutdown(client.descriptor, Int32(SHUT_WR))
        return FastCGIWire.answer(in: client.readToEnd())
    }
}
