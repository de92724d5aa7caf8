import CLinux
import Foundation

/// The metrics listener's connections in progress, served by one thread with `poll`: each reads its request head
/// within `headSeconds` of being accepted and takes its answer within `writeSeconds`, both whole-request deadlines
/// that no trickle of bytes renews, and at most `limit` are open at once (a new one closes the oldest).
struct MetricsConnections {
    static let headSeconds: UInt64 = 1
    static let writeSeconds: UInt64 = 2
    static let limit = 64

    private struct Connection {
        let socket: Int32
        /// The `Host` values that name this connection's local address.
        let hosts: [String]
        var deadline: UInt64
        var head: [UInt8] = []
        /// The answer once the head is complete; nil while reading.
        var answer: [UInt8]?
        var sent = 0
    }

    private let listening: Int32
    private let hostName: String
    private let port: Int
    private let page: @Sendable () -> String
    private var open: [Connection] = []

    init(listening: Int32, hostName: String, port: Int, page: @escaping @Sendable () -> String) {
        self.listening = listening
        self.hostName = hostName
        self.port = port
        self.page = page
        _ = fcntl(listening, F_SETFL, fcntl(listening, F_GETFL) | O_NONBLOCK)
    }

    /// Waits for the next event (a connection, bytes to read, room to write, a deadline) and handles it.
    mutating func serveNext() {
        let now = MonotonicClock.nanoseconds()
        open.removeAll { connection in
            guard connection.deadline <= now else { return false }
            close(connection.socket)
            return true
        }
        var polled = [pollfd(fd: listening, events: Int16(POLLIN), revents: 0)]
        for connection in open {
            let events = connection.answer == nil ? POLLIN : POLLOUT
            polled.append(pollfd(fd: connection.socket, events: Int16(events), revents: 0))
        }
        let wait = open.map { $0.deadline > now ? ($0.deadline - now) / 1_000_000 + 1 : 0 }.min() ?? 1000
        guard poll(&polled, nfds_t(polled.count), Int32(min(wait, 1000))) > 0 else { return }
        var finished: Set<Int32> = []
        for (index, entry) in polled.enumerated().dropFirst() where entry.revents != 0 {
            if !advance(&open[index - 1]) { finished.insert(open[index - 1].socket) }
        }
        open.removeAll { connection in
            guard finished.contains(connection.socket) else { return false }
            close(connection.socket)
            return true
        }
        if polled[0].revents != 0 { acceptOne() }
    }

    /// Reads or writes what the socket allows; false when the connection is done with (answered, closed, failed).
    private func advance(_ connection: inout Connection) -> Bool {
        if connection.answer == nil {
            var buffer = [UInt8](repeating: 0, count: 2048)
            let count = buffer.withUnsafeMutableBytes { recv(connection.socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return count < 0 && (errno == EAGAIN || errno == EINTR) }
            connection.head += buffer.prefix(count)
            guard MetricsHTTP.isComplete(connection.head) || connection.head.count >= MetricsHTTP.headLimit else {
                return true
            }
            connection.answer = MetricsHTTP.response(to: connection.head, hosts: connection.hosts, page: page)
            connection.deadline = MonotonicClock.nanoseconds() + Self.writeSeconds * 1_000_000_000
        }
        guard let answer = connection.answer else { return true }
        let sent = connection.sent
        let count = answer.withUnsafeBytes { bytes in
            send(connection.socket, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
        }
        guard count >= 0 else { return errno == EAGAIN || errno == EINTR }
        connection.sent += count
        return connection.sent < answer.count
    }

    private mutating func acceptOne() {
        let socket = sitegen_accept_closing_on_exec(listening)
        guard socket >= 0 else {
            // Out of descriptors: wait a little rather than spin on a listening socket that stays readable.
            if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM { usleep(100_000) }
            return
        }
        _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
        if open.count >= Self.limit {
            close(open.removeFirst().socket)
        }
        let deadline = MonotonicClock.nanoseconds() + Self.headSeconds * 1_000_000_000
        open.append(Connection(socket: socket, hosts: hosts(of: socket), deadline: deadline))
    }

    /// `host:port` as given to `--metrics-listen`, and the numeric local address the client connected to.
    private func hosts(of socket: Int32) -> [String] {
        let named = hostName.contains(":") ? "[\(hostName)]:\(port)" : "\(hostName):\(port)"
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        let found = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                getsockname(socket, address, &length) == 0
                    && getnameinfo(address, length, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0
            }
        }
        guard found else { return [named] }
        let numeric = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let local = numeric.contains(":") ? "[\(numeric)]:\(port)" : "\(numeric):\(port)"
        return local == named ? [named] : [named, local]
    }
}
