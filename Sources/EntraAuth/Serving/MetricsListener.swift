import CLinux
import Foundation

/// The socket of `--metrics-listen`: one thread serves up to 64 connections at once through `MetricsConnections`,
/// each with 1 s to send its request head (at most 8 KiB) and 2 s to take the answer, which `MetricsHTTP` decides.
///
/// Prometheus scrapes every few seconds, so one thread is plenty; it shares nothing with the FastCGI threads but
/// the counters. The deadlines are for the whole head and the whole answer, not for each read or write, and a
/// connection beyond the 64th closes the one waiting longest, so clients that trickle bytes or never read hold up
/// neither each other nor a scrape, and never an auth check.
///
/// ```swift
/// let listener = try MetricsListener(address: .metrics("127.0.0.1:9464"), page: page.render)
/// listener.start()
/// ```
public final class MetricsListener: Sendable {
    /// Why `--metrics-listen` must be loopback, for the error that refuses another address.
    public static let remoteRisk =
        "/metrics has no sign-in, and tells anyone who reaches it how many readers sign in, when, and which Entra "
        + "errors they meet: listen on 127.0.0.1 and scrape from this machine (or through a tunnel), or add "
        + "--metrics-allow-remote and firewall the port."

    private let socket: Int32
    /// The host as given to `--metrics-listen`, which a scraper may send as `Host` with the port.
    private let hostName: String
    private let page: @Sendable () -> String
    /// The port listened on: the one asked for, or the one the system chose for port 0.
    public let port: Int

    /// Opens and binds the listening socket; throws when the address is taken or cannot be bound.
    public init(address: LoopbackAddress, page: @escaping @Sendable () -> String) throws(AuthError) {
        let socket: Int32
        switch address.listeningSocket(backlog: 16) {
        case .success(let opened): socket = opened
        case .failure(let error):
            throw AuthError(
                .metrics,
                "cannot listen for metrics on \(address.text): \(String(cString: strerror(error.code.rawValue)))")
        }
        self.socket = socket
        self.page = page
        hostName = address.host
        port = Self.boundPort(socket)
    }

    /// Serves on a thread of its own for as long as the process runs.
    public func start() {
        let thread = Thread { [self] in
            var connections = MetricsConnections(
                listening: socket, hostName: hostName, port: port, page: page)
            while true { connections.serveNext() }
        }
        thread.name = "metrics"
        thread.stackSize = 1 << 20
        thread.start()
    }

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

extension LoopbackAddress {
    /// The address of `--metrics-listen`, loopback unless `allowRemote` (`--metrics-allow-remote`).
    public static func metrics(_ text: String, allowRemote: Bool = false) throws(AuthError) -> LoopbackAddress {
        try LoopbackAddress(
            text, allowRemote: allowRemote, option: "--metrics-listen", remoteRisk: MetricsListener.remoteRisk)
    }
}
