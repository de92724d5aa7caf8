public import EntraAuth
public import Foundation

/// Answers with the method, path, `q` query value and original URI it was given, so a transport test can see what
/// reached the router.
public struct Echo: Endpoint {
    public init() {}

    public func respond(to request: Request) -> Response {
        let text =
            "\(request.method) \(request.path) q=\(request.query["q"] ?? "") uri=\(request.headers["x-original-uri"] ?? "")"
        return Response(status: 200, headers: [("Content-Type", "text/plain")], body: Array(text.utf8))
    }
}

/// Signals `started`, then waits for `release` before answering 303 to `/done/`, like a callback waiting on the
/// token endpoint.
public struct Slow: Endpoint {
    let started: DispatchSemaphore
    let release: DispatchSemaphore

    public init(started: DispatchSemaphore, release: DispatchSemaphore) {
        self.started = started
        self.release = release
    }

    public func respond(to request: Request) -> Response {
        started.signal()
        release.wait()
        return Response(status: 303, headers: [("Location", "/done/")])
    }
}

/// The answer of a route whose network workers are all taken: 503 "busy".
public struct Busy: Endpoint {
    public init() {}

    public func respond(to request: Request) -> Response { .text(503, "busy") }
}
