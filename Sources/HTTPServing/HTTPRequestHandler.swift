import AuthServing
import EntraAuth
import NIOCore
import NIOHTTP1

/// One HTTP connection's requests, handed to the router one at a time (NIO's pipelining handler keeps them in
/// order). Routes answered at once (the check, sign-in, sign-out) run on this connection's event loop thread, as
/// the FastCGI acceptors run them; a route that waits on the network (the callback) runs on `NetworkWorkers` and
/// its answer is written back on the event loop, or, when those are all busy, the route's busy answer goes out.
/// No endpoint reads a request body, so body parts are dropped as they arrive. A request head not complete within
/// `headTimeout` of the connection opening or of the last answer closes the connection (`ConnectionLimits`), and so
/// does a request NIO could not parse, once its 400 is written.
final class HTTPRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let router: Router
    private let network: NetworkWorkers
    private let inFlight: InFlightRequests
    private let headTimeout: TimeAmount
    private var head: HTTPRequestHead?
    /// Closes the connection when the next request head is late.
    private var deadline: Scheduled<Void>?

    init(router: Router, network: NetworkWorkers, inFlight: InFlightRequests, headTimeout: TimeAmount) {
        self.router = router
        self.network = network
        self.inFlight = inFlight
        self.headTimeout = headTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        awaitHead(context: context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // NIO's error handler has written the 400 and passes the error on for the connection to be closed here.
        context.close(promise: nil)
    }

    /// Starts the wait for the next request head: the connection closes unless it is complete in time.
    private func awaitHead(context: ChannelHandlerContext) {
        deadline?.cancel()
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: headTimeout) { channel.close(promise: nil) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            deadline?.cancel()
            deadline = nil
            self.head = head
        case .body:
            break
        case .end:
            guard let head else { return }
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
        if keepAlive { awaitHead(context: context) }
    }
}
