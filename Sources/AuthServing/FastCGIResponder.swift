import CFastCGI
public import EntraAuth
public import Foundation

/// The FastCGI transport: acceptor threads read each request with libfcgi, turn its parameters into a `Request`,
/// and write the router's `Response` back. Routes the router marks as waiting on the network (the callback) go to
/// `NetworkWorkers`, so a slow identity provider never holds up an auth check; when those are all busy, the route's
/// busy answer goes out instead.
///
/// Requests in the Responder role (nginx's `fastcgi_pass` and `auth_request`, Apache's `mod_proxy_fcgi`, the
/// `/.auth/` endpoints everywhere) are answered through the router; requests in the Authorizer role (Apache's
/// `mod_authnz_fcgi`, lighttpd's `mod_fastcgi` in authorizer mode) through `FastCGIAuthorizer`, on the acceptor
/// thread, since the check never waits on the network. The Filter role is answered 500, never allowed. A request
/// whose parameters exceed `CGIEnvironment.parameterLimit` is answered 431.
///
/// ```swift
/// let responder = FastCGIResponder(router: router, acceptors: 4, network: NetworkWorkers(threads: 16, queueLimit: 64), log: log)
/// responder.start(listening: try ListeningSocket.open(.unix("/run/sitegen-auth/auth.sock"), group: nil))
/// ```
public final class FastCGIResponder: @unchecked Sendable {
    /// FastCGI's Responder role, the one `auth_request` and `fastcgi_pass` use.
    static let responderRole: Int32 = 1
    /// FastCGI's Authorizer role: the web server asks whether to serve a request.
    static let authorizerRole: Int32 = 2

    private let router: Router
    private let authorizer: FastCGIAuthorizer
    private let acceptors: Int
    private let network: NetworkWorkers
    private let log: AuthLog
    private let deadlines: ConnectionDeadlines
    private let inFlight = NSLock()
    private var active = 0
    private var acceptorsRunning = 0
    private var stopping = false

    /// How long an acceptor may spend on one connection, reading its request and answering it
    /// (`ConnectionDeadlines`); a web server needs milliseconds.
    public static let connectionPatience: Duration = .seconds(10)

    /// A responder answering through `router` on `acceptors` threads, with `network` for the routes that wait, and
    /// at most `connectionPatience` for each connection an acceptor holds.
    public init(
        router: Router, acceptors: Int, network: NetworkWorkers, log: AuthLog,
        connectionPatience: Duration = FastCGIResponder.connectionPatience
    ) {
        self.router = router
        self.authorizer = FastCGIAuthorizer(router: router)
        self.acceptors = acceptors
        self.network = network
        self.log = log
        deadlines = ConnectionDeadlines(patience: connectionPatience)
    }

    /// Starts the acceptor threads on a listening socket and returns.
    public func start(listening socket: Int32) {
        inFlight.withLock { acceptorsRunning += acceptors }
        for number in 0..<acceptors {
            let thread = Thread { [self] in self.accept(on: socket, acceptor: number) }
            thread.name = "fastcgi-\(number)"
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Stops accepting (the socket is shut down) and waits up to `patience` seconds for requests in flight and for
    /// the acceptor threads to leave, so that the caller may close the socket: an acceptor still on its way to
    /// `accept` would otherwise take a connection from whatever socket gets the descriptor's number next.
    public func stop(listening socket: Int32, patience: TimeInterval = 10) {
        inFlight.withLock { stopping = true }
        shutdown(socket, Int32(SHUT_RDWR))
        let deadline = Date().addingTimeInterval(patience)
        while inFlight.withLock({ active > 0 || acceptorsRunning > 0 }), Date() < deadline { usleep(10_000) }
        deadlines.stop()
    }

    /// The acceptor loop. The acceptor takes each connection itself and hands it to libfcgi as one kept from an
    /// earlier request, so that it can start the connection's time (`ConnectionDeadlines`) before libfcgi reads: a
    /// request libfcgi cannot read (broken, or out of time) it closes and then, having no listening socket of its
    /// own, returns, and the acceptor takes the next connection.
    private func accept(on socket: Int32, acceptor: Int) {
        defer { inFlight.withLock { acceptorsRunning -= 1 } }
        var failures = AcceptFailure()
        var request = Self.newRequest()
        while true {
            if request.pointee.ipcFd < 0 {
                let connection = Glibc.accept(socket, nil, nil)
                guard connection >= 0 else {
                    let code = errno
                    if inFlight.withLock({ stopping }) { return }
                    switch failures.failed(errno: code, now: Date()) {
                    case .retry(let delay):
                        Thread.sleep(forTimeInterval: delay)
                        continue
                    case .exit(let reason):
                        log.write(event: "serve_failed", ["reason": reason])
                        exit(1)
                    }
                }
                failures.succeeded()
                _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
                request.pointee.ipcFd = connection
                // libfcgi's accept first finishes the request before, which closes a connection not kept.
                request.pointee.keepConnection = 1
            }
            // A connection the server keeps has as long for its next request, idle time included.
            deadlines.hold(request.pointee.ipcFd, acceptor: acceptor)
            defer { deadlines.release(acceptor: acceptor) }
            guard FCGX_Accept_r(request) >= 0 else { continue }
            guard begin() else {
                FCGX_Finish_r(request)
                return
            }
            guard let (parsed, requestURI) = CGIEnvironment.parsed(from: request.pointee.envp).map({ ($0, $1) }) else {
                answer(request, with: .text(431, "Request header fields too large"))
                end()
                continue
            }
            guard request.pointee.role == Self.responderRole else {
                let response =
                    request.pointee.role == Self.authorizerRole
                    ? authorizer.respond(to: parsed, about: requestURI)
                    : .text(500, "sitegen-auth serves the FastCGI Responder and Authorizer roles, not Filter")
                answer(request, with: response, readingBody: false)
                end()
                continue
            }
            let route = router.route(for: parsed)
            guard let whenBusy = route.whenBusy else {
                answer(request, with: route.endpoint.respond(to: parsed))
                end()
                continue
            }
            let owned = HandedOver(request: request)
            request = Self.newRequest()
            let queued = network.submit { [self] in
                answer(owned.request, with: route.endpoint.respond(to: parsed))
                owned.request.deallocate()
                end()
            }
            if !queued {
                answer(owned.request, with: whenBusy.respond(to: parsed))
                owned.request.deallocate()
                end()
            }
        }
    }

    /// A request whose ownership passes from its acceptor, which never touches it again, to a network worker.
    private struct HandedOver: @unchecked Sendable {
        let request: UnsafeMutablePointer<FCGX_Request>
    }

    /// A request for libfcgi to read from a connection the acceptor took: its listening socket is none.
    private static func newRequest() -> UnsafeMutablePointer<FCGX_Request> {
        let request = UnsafeMutablePointer<FCGX_Request>.allocate(capacity: 1)
        FCGX_InitRequest(request, -1, 0)
        return request
    }

    /// Writes the response and finishes the request. libfcgi's close waits for nginx to hang up first, a sleep and
    /// a wake-up per check; once the request has been read to its end that wait protects nothing, and the socket
    /// is closed at once. No endpoint reads a body, and Apache passes a reader's body on as it arrives: the answer
    /// goes out first, and what is left of the body is read for at most `bodyPatience` before the socket is closed
    /// anyway, so that bodies that never end cannot hold every worker and stop every check. Without `readingBody`
    /// (the Authorizer and Filter roles, which a web server may send no `FCGI_STDIN` at all: reading it would wait
    /// forever) the body is not read and libfcgi's waiting close takes whatever the server still sends.
    private func answer(
        _ request: UnsafeMutablePointer<FCGX_Request>, with response: Response, readingBody: Bool = true
    ) {
        let bytes = response.cgiBytes
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                _ = FCGX_PutStr(characters.baseAddress, Int32(characters.count), request.pointee.out)
            }
        }
        if readingBody {
            // A request with a body has its answer sent first; one without (every check) sends it with the end.
            let length = FCGX_GetParam("CONTENT_LENGTH", request.pointee.envp).flatMap { Int(String(cString: $0)) }
            if (length ?? 0) > 0 { FCGX_FFlush(request.pointee.out) }
            Self.readToEnd(request.pointee.in, connection: request.pointee.ipcFd)
            // A connection the server keeps for its next request waits for it without the body's deadline.
            if request.pointee.keepConnection != 0 {
                var none = timeval()
                setsockopt(
                    request.pointee.ipcFd, SOL_SOCKET, SO_RCVTIMEO, &none, socklen_t(MemoryLayout<timeval>.size))
            }
            FCGX_Detach(request)
        }
        FCGX_Finish_r(request)
    }

    /// How long the rest of a request body is read after the answer: a web server sends a whole body at once.
    static let bodyPatience: Duration = .seconds(1)

    /// Reads the rest of the request body from `connection` and drops it, for at most `bodyPatience`: a socket
    /// closed with a body still unread is reset, and the server may lose the answer with it.
    private static func readToEnd(_ stream: UnsafeMutablePointer<FCGX_Stream>?, connection: Int32) {
        var wait = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        let deadline = ContinuousClock.now + bodyPatience
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 16_384) { buffer in
            while ContinuousClock.now < deadline,
                FCGX_GetStr(buffer.baseAddress, Int32(buffer.count), stream) > 0
            {}
        }
    }

    private func begin() -> Bool {
        inFlight.withLock {
            guard !stopping else { return false }
            active += 1
            return true
        }
    }

    private func end() {
        inFlight.withLock { active -= 1 }
    }
}
