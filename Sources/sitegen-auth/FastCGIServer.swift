import CFastCGI
import EntraAuth
import Foundation

/// The FastCGI loop: worker threads accept requests, map FCGX parameters to a `Request`, and write the `Response`.
///
/// This file is an adapter a reader can skip: all behaviour lives in `AuthHandler`.
final class FastCGIServer: @unchecked Sendable {
    private let handler: AuthHandler
    private let workers: Int
    private let inFlight = NSLock()
    private var active = 0
    private var stopping = false
    private var signalSources: [any DispatchSourceSignal] = []

    init(handler: AuthHandler, workers: Int) {
        self.handler = handler
        self.workers = workers
    }

    /// Serves until SIGTERM or SIGINT; without an address, on file descriptor 0 (or once as CGI).
    func serve(on address: ListenAddress?) throws {
        guard FCGX_Init() == 0 else { throw ServerError("cannot initialise libfcgi") }
        let socket: Int32
        if let address {
            if case .unix(let path) = address { unlink(path) }
            socket = FCGX_OpenSocket(address.fastCGIPath, 128)
            guard socket >= 0 else {
                throw ServerError("cannot listen on \(address.fastCGIPath): \(String(cString: strerror(errno)))")
            }
            // nginx workers run as another, unprivileged user; the socket's folder is what restricts access.
            if case .unix(let path) = address { chmod(path, 0o666) }
        } else if FCGX_IsCGI() != 0 {
            serveOneCGIRequest()
            return
        } else {
            socket = 0
        }
        installShutdown(listening: socket)
        let threads = (0..<workers).map { number in
            let thread = Thread { [self] in self.work(socket: socket) }
            thread.name = "fastcgi-\(number)"
            thread.stackSize = 1 << 20
            return thread
        }
        for thread in threads { thread.start() }
        while true { sleep(3600) }
    }

    private func work(socket: Int32) {
        var request = FCGX_Request()
        FCGX_InitRequest(&request, socket, 0)
        while FCGX_Accept_r(&request) >= 0 {
            guard begin() else {
                FCGX_Finish_r(&request)
                return
            }
            let response = handler.handle(Self.request(from: request.envp))
            write(response, to: request.out)
            // libfcgi's close waits for nginx to hang up first, a sleep and a wake-up per check; once the
            // request has been read to its end that wait protects nothing, and the socket is closed at once.
            if Self.readToEnd(request.in) { FCGX_Detach(&request) }
            FCGX_Finish_r(&request)
            end()
        }
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

    static func request(from environment: FCGX_ParamArray?) -> Request {
        func parameter(_ name: String) -> String? {
            FCGX_GetParam(name, environment).map { String(cString: $0) }
        }
        var headers: [String: String] = [:]
        var cursor = environment
        while let entry = cursor?.pointee {
            if let (name, value) = header(in: entry) { headers[name] = value }
            cursor = cursor?.advanced(by: 1)
        }
        return Request(method: parameter("REQUEST_METHOD") ?? "GET", target: target(parameter), headers: headers)
    }

    /// `HTTP_X_ORIGINAL_URI=/a` → (`x-original-uri`, `/a`), worked on bytes: it runs for every parameter of every
    /// request, and Foundation's string functions would dominate the auth check.
    static func header(in entry: UnsafeMutablePointer<CChar>) -> (String, String)? {
        let bytes = UnsafeRawBufferPointer(start: entry, count: strlen(entry))
        guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")), let name = headerName(of: bytes[..<equals])
        else { return nil }
        return (name, String(decoding: bytes[(equals + 1)...], as: UTF8.self))
    }

    /// The header a CGI parameter carries, `HTTP_X_ORIGINAL_URI` → `x-original-uri`; nil for other parameters.
    static func headerName(of parameter: some Collection<UInt8>) -> String? {
        let prefix = "HTTP_".utf8
        guard parameter.starts(with: prefix) else { return nil }
        let name = parameter.dropFirst(prefix.count).map { byte -> UInt8 in
            switch byte {
            case UInt8(ascii: "_"): UInt8(ascii: "-")
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 32
            default: byte
            }
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// In an `auth_request` subrequest `REQUEST_URI` is the main request's; `DOCUMENT_URI` is the subrequest's own.
    static func target(_ parameter: (String) -> String?) -> String {
        let path =
            parameter("DOCUMENT_URI") ?? parameter("SCRIPT_NAME").map { $0 + (parameter("PATH_INFO") ?? "") } ?? "/"
        let query = parameter("QUERY_STRING") ?? ""
        return query.isEmpty ? path : path + "?" + query
    }

    private func write(_ response: Response, to stream: UnsafeMutablePointer<FCGX_Stream>?) {
        let bytes = Self.serialized(response)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                _ = FCGX_PutStr(characters.baseAddress, Int32(characters.count), stream)
            }
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
        let environment = ProcessInfo.processInfo.environment
        var headers: [String: String] = [:]
        for (parameter, value) in environment {
            if let name = Self.headerName(of: parameter.utf8) { headers[name] = value }
        }
        let request = Request(
            method: environment["REQUEST_METHOD"] ?? "GET", target: Self.target { environment[$0] }, headers: headers)
        FileHandle.standardOutput.write(Data(Self.serialized(handler.handle(request))))
    }
}

struct ServerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
