import AuthServing
import EntraAuth
import NIOCore
import NIOHTTP1

/// One HTTP connection's requests, handed to the router one at a time (NIO's pipelining handler keeps them in
/// order). Routes answered at once (the check, sign-in, sign-out) run on this connection's event loop thread, as
/// the FastCGI acceptors run them; a route that waits on the network (the callback) runs on `NetworkWorkers` and
/// its answer is written back on the event loop, or, when those are all busy, the route's busy answer goes out.
/// No endpoint reads a request body, so body parts are dropped as they arrive. A request, head and body, not complete
/// within `requestTimeout` of the connection opening or of the last answer closes the connection, and so does a body
/// longer than `maxBodyBytes` (`ConnectionLimits`): a body that never ends would hold its connection for good. A
/// request NIO could not parse closes it too, once its 400 is written.
final class HTTPRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let router: Router
    private let network: NetworkWorkers
    private let inFlight: InFlightRequests
    private let requestTimeout: TimeAmount
    private let maxBodyBytes: Int
    private var head: HTTPRequestHead?
    private var bodyBytes = 0
    /// Closes the connection when the next request is late.
    private var deadline: Scheduled<Void>?

    init(
        router: Router, network: NetworkWorkers, inFlight: InFlightRequests, requestTimeout: TimeAmount,
        maxBodyBytes: Int
    ) {
        self.router = router
        self.network = network
        self.inFlight = inFlight
        self.requestTimeout = requestTimeout
        self.maxBodyBytes = maxBodyBytes
    }

    func handlerAdded(context: ChannelHandlerContext) {
        awaitRequest(context: context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // NIO's error handler has written the 400 and passes the error on for the connection to be closed here.
        context.close(promise: nil)
    }

    /// Starts the wait for the next request: the connection closes unless its head and body are complete in time.
    private func awaitRequest(context: ChannelHandlerContext) {
        deadline?.cancel()
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: requestTimeout) { channel.close(promise: nil) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            bodyBytes = 0
        case .body(let part):
            bodyBytes += part.readableBytes
            if bodyBytes > maxBodyBytes { context.close(promise: nil) }
        case .end:
            guard let head else { return }
            deadline?.cancel()
            deadline = nil
            self.head = nil
            respond(to: head, context: context)
        }
    }

    private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
        guard inFlight.begin() else {
            context.close(promise: nil)
            return
        }
        let request = ForwardAuth.request(
            method: head.method.rawValue, target: head.uri, headers: head.headers.map { ($0.name, $0.value) })
        let route = router.route(for: request)
        guard let whenBusy = route.whenBusy else {
            write(route.endpoint.respond(to: request), for: head, context: context)
            return
        }
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        let queued = network.submit {
            let response = route.endpoint.respond(to: request)
            bound.eventLoop.execute {
                bound.value.handler.write(response, for: head, context: bound.value.context)
            }
        }
        if !queued { write(whenBusy.respond(to: request), for: head, context: context) }
    }

    private func write(_ response: Response, for head: HTTPRequestHead, context: ChannelHandlerContext) {
        let keepAlive = head.isKeepAlive
        context.write(
            wrapOutboundOut(.head(response.httpHead(version: head.version, keepAlive: keepAlive))), promise: nil)
        if head.method != .HEAD, !response.body.isEmpty {
            let buffer = context.channel.allocator.buffer(bytes: response.body)
            context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        }
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: written)
        let inFlight = self.inFlight
        let channel = context.channel
        written.futureResult.whenComplete { _ in
            inFlight.end()
            if !keepAlive { channel.close(promise: nil) }
        }
        if keepAlive { awaitRequest(context: context) }
    }
}
