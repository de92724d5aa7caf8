public import AuthServing
public import EntraAuth
public import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// `--listen-http`: the router over plain HTTP/1.1 for Caddy's `forward_auth` and Traefik's `forwardAuth`, and the
/// sign-in, callback and sign-out endpoints those proxies pass on. SwiftNIO parses HTTP (NIOHTTP1's llhttp parser;
/// a malformed request, or one whose headers exceed 80 KiB, is answered 400 and the connection closed); this type
/// binds, holds connections to `ConnectionLimits` and backs off accepting while the process is out of file
/// descriptors (`AcceptBackoffHandler`), and `HTTPRequestHandler` turns each request into a `Request` through
/// `ForwardAuth`.
///
/// `threads` event loops answer checks on their own threads; callbacks go to `network`.
///
/// ```swift
/// let listener = try HTTPListener(
///     host: "127.0.0.1", port: 9000, router: router, origin: "https://site.example", threads: 4, network: network)
/// ```
public final class HTTPListener: Sendable {
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel
    private let inFlight = InFlightRequests()
    /// The port listened on: the one asked for, or the one the system chose for port 0.
    public let port: Int

    /// Binds `host:port` and starts answering through `router` (its check answering as forward auth does, sign-in
    /// redirects on the site's `origin`).
    public init(
        host: String, port: Int, router: Router, origin: String, threads: Int, network: NetworkWorkers,
        limits: ConnectionLimits = ConnectionLimits()
    ) throws(AuthError) {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: threads)
        let forwardAuth = ForwardAuth.router(over: router, origin: origin)
        let inFlight = self.inFlight
        let open = OpenConnections(limit: limits.maxConnections)
        let requestTimeout = TimeAmount.nanoseconds(Int64(limits.requestTimeout * 1_000_000_000))
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(AcceptBackoffHandler())
                }
            }
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                guard open.admit() else { return channel.close() }
                channel.closeFuture.whenComplete { _ in open.release() }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(
                        HTTPRequestHandler(
                            router: forwardAuth, network: network, inFlight: inFlight, requestTimeout: requestTimeout,
                            maxBodyBytes: limits.maxBodyBytes))
                }
            }
        do {
            channel = try bootstrap.bind(host: host, port: port).wait()
        } catch {
            try? group.syncShutdownGracefully()
            let reason = (error as? IOError).map { String(cString: strerror($0.errnoCode)) } ?? "\(error)"
            throw AuthError(
                .serving, "cannot listen for HTTP on \(host):\(port): \(reason); choose another --listen-http port")
        }
        self.group = group
        self.port = channel.localAddress?.port ?? port
    }

    /// Stops accepting, waits up to `patience` seconds for requests in flight, then closes every connection.
    public func stop(patience: TimeInterval = 10) {
        try? channel.close().wait()
        inFlight.drain(patience: patience)
        try? group.syncShutdownGracefully()
    }
}
