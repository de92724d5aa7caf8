import CLinux
public import EntraAuth
public import Foundation

/// The FastCGI transport: acceptor threads read each request (`FastCGIConnection`), turn its parameters into a
/// `Request`, and write the router's `Response` back. Routes the router marks as waiting on the network (the callback) go to
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

    /// The acceptor loop: takes a connection, starts its time (`ConnectionDeadlines`), reads a request from it and
    /// answers, and, when the web server keeps the connection, reads its next request within the same time again,
    /// unless a new connection comes while it waits: then it closes the idle one and takes the new.
    private func accept(on socket: Int32, acceptor: Int) {
        defer { inFlight.withLock { acceptorsRunning -= 1 } }
        var failures = AcceptFailure()
        var kept: FastCGIConnection?
        while true {
            let connection: FastCGIConnection
            let wasKept = kept != nil
            if let kept {
                connection = kept
            } else {
                let descriptor = sitegen_accept_closing_on_exec(socket)
                guard descriptor >= 0 else {
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
                connection = FastCGIConnection(descriptor: descriptor, connections: acceptors)
            }
            kept = nil
            // A connection the server keeps has as long for its next request, idle time included.
            deadlines.hold(connection.descriptor, acceptor: acceptor)
            defer { deadlines.release(acceptor: acceptor) }
            // An idle kept connection gives way to a new one, so the server's spare connections never hold every
            // acceptor while others wait; it reopens one when it needs it.
            if wasKept, !connection.nextRequestComes(beforeConnectionOn: socket) {
                connection.close()
                continue
            }
            guard let request = connection.nextRequest(parameterLimit: CGIEnvironment.parameterLimit) else {
                connection.close()
                continue
            }
            guard begin() else {
                connection.close()
                return
            }
            defer { end() }
            guard let parameters = request.parameters else {
                kept = answer(request, on: connection, with: .text(431, "Request header fields too large"))
                continue
            }
            guard let (parsed, requestURI) = parameters.withUnsafeBytes({ CGIEnvironment.parsed(fromFastCGI: $0) })
            else {
                connection.close()
                continue
            }
            guard request.role == FastCGIRequest.Role.responder else {
                let response =
                    request.role == FastCGIRequest.Role.authorizer
                    ? authorizer.respond(to: parsed, about: requestURI)
                    : .text(500, "sitegen-auth serves the FastCGI Responder and Authorizer roles, not Filter")
                kept = answer(request, on: connection, with: response, readingBody: false)
                continue
            }
            let route = router.route(for: parsed)
            guard let whenBusy = route.whenBusy else {
                kept = answer(request, on: connection, with: route.endpoint.respond(to: parsed))
                continue
            }
            // The connection goes to a network worker, which closes it once answered; the request stays in flight
            // until then.
            let owned = HandedOver(connection: connection)
            inFlight.withLock { active += 1 }
            let queued = network.submit { [self] in
                _ = answer(request, on: owned.connection, with: route.endpoint.respond(to: parsed), keeping: false)
                end()
            }
            if !queued {
                _ = answer(request, on: connection, with: whenBusy.respond(to: parsed), keeping: false)
                end()
            }
        }
    }

    /// A connection whose ownership passes from its acceptor, which never touches it again, to a network worker.
    private struct HandedOver: @unchecked Sendable {
        let connection: FastCGIConnection
    }

    /// Writes the response; returns the connection when the web server keeps it for its next request, else closes
    /// it. No endpoint reads a body, and Apache passes a reader's body on as it arrives: the answer goes out first,
    /// and what is left of the body is read for at most `bodyPatience` before the socket is closed anyway, so that
    /// bodies that never end cannot hold every worker and stop every check. Without `readingBody` (the Authorizer
    /// and Filter roles, which a web server may send no `FCGI_STDIN` at all: reading it would wait forever) the body
    /// is not read, and the close reads whatever the server still sends until it hangs up.
    private func answer(
        _ request: FastCGIRequest, on connection: FastCGIConnection, with response: Response,
        readingBody: Bool = true, keeping: Bool = true
    ) -> FastCGIConnection? {
        let keeps = keeping && request.keepsConnection
        guard connection.send(FastCGIRecords.answer(response.cgiBytes, requestID: request.id)) else {
            connection.close()
            return nil
        }
        guard readingBody else {
            if keeps { return connection }
            connection.close(draining: true)
            return nil
        }
        if connection.readBody(of: request.id, patience: Self.bodyPatience), keeps { return connection }
        connection.close()
        return nil
    }

    /// How long the rest of a request body is read after the answer: a web server sends a whole body at once.
    static let bodyPatience: Duration = .seconds(1)

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
