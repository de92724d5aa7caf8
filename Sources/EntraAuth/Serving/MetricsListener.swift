import Foundation

/// The socket of `--metrics-listen`: one thread takes one connection at a time, reads its request head (at most
/// 8 KiB, within 2 s of accepting it), answers through `MetricsHTTP` and closes it.
///
/// Prometheus scrapes every few seconds, so one thread is plenty; it shares nothing with the FastCGI threads but
/// the counters. The 2 s are for the whole head, not for each read, so a client that sends a byte now and then
/// holds the listener up for two seconds at most, and never an auth check.
///
/// ```swift
/// let listener = try MetricsListener(address: MetricsAddress("127.0.0.1:9464"), page: page.render)
/// listener.start()
/// ```
public final class MetricsListener: Sendable {
    /// For the whole request head, and for each write of the answer.
    private static let seconds = 2
    private let socket: Int32
    private let page: @Sendable () -> String
    /// The port listened on: the one asked for, or the one the system chose for port 0.
    public let port: Int

    /// Opens and binds the listening socket; throws when the address is taken or cannot be bound.
    public init(address: MetricsAddress, page: @escaping @Sendable () -> String) throws(AuthError) {
        let socket = Foundation.socket(address.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else {
            throw AuthError(.metrics, "cannot open a socket for \(address.text): \(Self.lastError)")
        }
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = address.socketAddress.withUnsafeBytes { bytes in
            bind(socket, bytes.baseAddress?.assumingMemoryBound(to: sockaddr.self), socklen_t(bytes.count))
        }
        guard bound == 0, listen(socket, 16) == 0 else {
            let reason = Self.lastError
            close(socket)
            throw AuthError(.metrics, "cannot listen for metrics on \(address.text): \(reason)")
        }
        self.socket = socket
        self.page = page
        port = Self.boundPort(socket)
    }

    /// Serves on a thread of its own for as long as the process runs.
    public func start() {
        let thread = Thread { [self] in
            while true { serveOne() }
        }
        thread.name = "metrics"
        thread.stackSize = 1 << 20
        thread.start()
    }

    private func serveOne() {
        let connection = accept(socket, nil, nil)
        guard connection >= 0 else {
            // Out of descriptors or interrupted: try again shortly rather than spin.
            if errno != EINTR { usleep(100_000) }
            return
        }
        defer { close(connection) }
        let deadline = MonotonicClock.nanoseconds() + UInt64(Self.seconds) * 1_000_000_000
        var timeout = timeval(tv_sec: Self.seconds, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 2048)
        while head.count < MetricsHTTP.headLimit, !MetricsHTTP.isComplete(head) {
            let now = MonotonicClock.nanoseconds()
            guard now < deadline else { return }
            var readable = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&readable, 1, Int32((deadline - now) / 1_000_000) + 1) > 0 else { return }
            let count = buffer.withUnsafeMutableBytes { bytes in
                recv(connection, bytes.baseAddress, bytes.count, Int32(MSG_DONTWAIT))
            }
            guard count > 0 else { return }
            head += buffer.prefix(count)
        }
        let response = MetricsHTTP.response(to: head, page: page)
        response.withUnsafeBytes { bytes in
            var sent = 0
            while sent < bytes.count {
                let count = send(connection, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
                guard count > 0 else { return }
                sent += count
            }
        }
    }

    private static var lastError: String { String(cString: strerror(errno)) }

    private static func boundPort(_ socket: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        return withUnsafeBytes(of: storage) { bytes in
            // sin_port and sin6_port sit at the same offset, in network byte order.
            Int(UInt16(bytes[2]) << 8 | UInt16(bytes[3]))
        }
    }
}
