import CFastCGI
import EntraAuth
import Foundation

/// The FastCGI loop: acceptor threads take each request, answer those that need no network (the auth check, sign-in,
/// sign-out) at once, and hand the rest (the callback) to `NetworkWorkers`, so a slow identity provider never holds
/// up an auth check.
///
/// This file is an adapter a reader can skip: behaviour lives in `AuthHandler`, `NetworkWorkers` and `AcceptFailure`.
final class FastCGIServer: @unchecked Sendable {
    private let handler: AuthHandler
    private let acceptors: Int
    private let network: NetworkWorkers
    private let log: AuthLog
    private let inFlight = NSLock()
    private var active = 0
    private var stopping = false
    private var signalSources: [any DispatchSourceSignal] = []

    init(handler: AuthHandler, acceptors: Int, networkWorkers: Int, log: AuthLog) {
        self.handler = handler
        self.acceptors = acceptors
        self.log = log
        network = NetworkWorkers(threads: networkWorkers, queueLimit: networkWorkers * 4)
    }

    /// Serves until SIGTERM or SIGINT; without an address, on file descriptor 0 (or once as CGI).
    func serve(on address: ListenAddress?, socketGroup: gid_t?) throws {
        guard FCGX_Init() == 0 else { throw ServerError("cannot initialise libfcgi") }
        let socket: Int32
        if let address {
            if case .unix(let path) = address { unlink(path) }
            socket = FCGX_OpenSocket(address.fastCGIPath, 128)
            guard socket >= 0 else {
                throw ServerError("cannot listen on \(address.fastCGIPath): \(String(cString: strerror(errno)))")
            }
            if case .unix(let path) = address { try restrict(path, to: socketGroup) }
        } else if FCGX_IsCGI() != 0 {
            serveOneCGIRequest()
            return
        } else {
            socket = 0
        }
        installShutdown(listening: socket)
        for number in 0..<acceptors {
            let thread = Thread { [self] in self.accept(on: socket) }
            thread.name = "fastcgi-\(number)"
            thread.stackSize = 1 << 20
            thread.start()
        }
        while true { sleep(3600) }
    }

    /// Only the owner and the socket's group (nginx's) may connect: anyone who can talk FastCGI to sitegen-auth can
    /// ask it anything.
    private func restrict(_ path: String, to group: gid_t?) throws {
        if let group, chown(path, getuid(), group) != 0 {
            throw ServerError("cannot give \(path) to group \(group): \(String(cString: strerror(errno)))")
        }
        guard chmod(path, 0o660) == 0 else {
            throw ServerError("cannot restrict \(path) to mode 0660: \(String(cString: strerror(errno)))")
        }
    }

    private func accept(on socket: Int32) {
        var failures = AcceptFailure()
        var request = Self.newRequest(socket)
        while true {
            let result = FCGX_Accept_r(request)
            guard result >= 0 else {
                if inFlight.withLock({ stopping }) { return }
                switch failures.failed(errno: -result, now: Date()) {
                case .retry(let delay):
                    Thread.sleep(forTimeInterval: delay)
                    continue
                case .exit(let reason):
                    log.write(event: "serve_failed", ["reason": reason])
                    exit(1)
                }
            }
            failures.succeeded()
            guard begin() else {
                FCGX_Finish_r(request)
                return
            }
            let parsed = CGIEnvironment.request(from: request.pointee.envp)
            if handler.waitsOnNetwork(parsed) {
                let owned = HandedOver(request: request)
                request = Self.newRequest(socket)
                let queued = network.submit { [self] in
                    answer(owned.request, with: handler.handle(parsed))
                    Self.free(owned.request)
                    end()
                }
                if !queued {
                    answer(owned.request, with: Self.busy)
                    Self.free(owned.request)
                    end()
                }
            } else {
                answer(request, with: handler.handle(parsed))
                end()
            }
        }
    }

    /// A request whose ownership passes from its acceptor, which never touches it again, to a network worker.
    private struct HandedOver: @unchecked Sendable {
        let request: UnsafeMutablePointer<FCGX_Request>
    }

    /// What a callback gets when every network worker is busy and the queue is full.
    private static let busy = Response(
        status: 503,
        headers: [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store"), ("Retry-After", "5")],
        body: Array("Sign-in is busy right now. Please go back and try again in a few seconds.\n".utf8))

    private static func newRequest(_ socket: Int32) -> UnsafeMutablePointer<FCGX_Request> {
        let request = UnsafeMutablePointer<FCGX_Request>.allocate(capacity: 1)
        FCGX_InitRequest(request, socket, 0)
        return request
    }

    private static func free(_ request: UnsafeMutablePointer<FCGX_Request>) {
        request.deallocate()
    }

    /// Writes the response and finishes the request. libfcgi's close waits for nginx to hang up first, a sleep and
    /// a wake-up per check; once the request has been read to its end that wait protects nothing, and the socket
    /// is closed at once.
    private func answer(_ request: UnsafeMutablePointer<FCGX_Request>, with response: Response) {
        let bytes = Self.serialized(response)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                _ = FCGX_PutStr(characters.baseAddress, Int32(characters.count), request.pointee.out)
            }
        }
        if Self.readToEnd(request.pointee.in) { FCGX_Detach(request) }
        FCGX_Finish_r(request)
    }

    /// Reads the rest of the request body, at most 64 KiB; true when the whole request has been read.
    private static func readToEnd(_ stream: UnsafeMutablePointer<FCGX_Stream>?) -> Bool {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 4096) { buffer in
            var left = 64 * 1024
            while left > 0 {
                let count = FCGX_GetStr(buffer.baseAddress, Int32(buffer.count), stream)
                guard count > 0 else { break }
                left -= Int(count)
            }
            return FCGX_HasSeenEOF(stream) != 0
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

    /// SIGTERM/SIGINT: stop accepting, let in-flight requests finish (at most 10 s), exit.
    /// libfcgi's own SIGTERM handler only sets a flag that blocked accepts never see, so it is replaced.
    private func installShutdown(listening socket: Int32) {
        for signalNumber in [SIGTERM, SIGINT] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [self] in
                inFlight.withLock { stopping = true }
                FCGX_ShutdownPending()
                shutdown(socket, Int32(SHUT_RDWR))
                let deadline = Date().addingTimeInterval(10)
                while inFlight.withLock({ active > 0 }), Date() < deadline { usleep(10_000) }
                exit(0)
            }
            source.resume()
            signalSources.append(source)
        }
    }

    /// The CGI form of a response: `Status:`, the headers, a blank line, the body.
    static func serialized(_ response: Response) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 + response.body.count)
        bytes.append(contentsOf: "Status: \(response.status)\r\n".utf8)
        for header in response.headers {
            bytes.append(contentsOf: header.name.utf8)
            bytes.append(contentsOf: ": ".utf8)
            bytes.append(contentsOf: header.value.utf8)
            bytes.append(contentsOf: "\r\n".utf8)
        }
        bytes.append(contentsOf: "\r\n".utf8)
        bytes.append(contentsOf: response.body)
        return bytes
    }

    private func serveOneCGIRequest() {
        let environment = ProcessInfo.processInfo.environment.map { (name: $0.key, value: $0.value) }
        let request = CGIEnvironment.request(from: environment)
        FileHandle.standardOutput.write(Data(Self.serialized(handler.handle(request))))
    }
}

struct ServerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
