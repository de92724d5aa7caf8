/// The table from path to endpoint every transport answers through, and how each route is run.
///
/// A route that may wait on the identity provider (the callback: the token endpoint, and keys for a token signed
/// with a new key) says so by naming what to answer when the threads for such requests are all busy; a transport
/// runs it off the threads that answer auth checks. Every other route is answered at once. A path not in the table
/// is 404.
///
/// ```swift
/// let router = Router(routes: ["/.auth/health": Router.Route(HealthEndpoint(...))])
/// let route = router.route(for: request)
/// let response = route.waitsOnNetwork ? … : route.endpoint.respond(to: request)
/// ```
public struct Router: Sendable {
    /// One row of the table.
    public struct Route: Sendable {
        /// What answers the request.
        public let endpoint: any Endpoint
        /// For a route that may wait on the network: the answer when every network worker is busy. Nil for routes
        /// answered at once.
        public let whenBusy: (any Endpoint)?

        /// A route answered at once, or, with `whenBusy`, one that may wait on the network.
        public init(_ endpoint: any Endpoint, whenBusy: (any Endpoint)? = nil) {
            self.endpoint = endpoint
            self.whenBusy = whenBusy
        }

        /// Whether answering may wait on the identity provider, so a transport runs it on other threads.
        public var waitsOnNetwork: Bool { whenBusy != nil }
    }

    /// The routes by exact path.
    public let routes: [String: Route]
    private let notFound = Route(NotFoundEndpoint())

    /// A router over `routes`.
    public init(routes: [String: Route]) {
        self.routes = routes
    }

    /// The route for `request`'s path; 404 for a path not in the table.
    public func route(for request: Request) -> Route {
        routes[request.path] ?? notFound
    }

    /// Answers `request` at once on this thread, whatever its route (one-shot transports, tests).
    public func respond(to request: Request) -> Response {
        route(for: request).endpoint.respond(to: request)
    }
}

/// The answer for a path no route has.
struct NotFoundEndpoint: Endpoint {
    func respond(to request: Request) -> Response { .text(404, "Not found") }
}
