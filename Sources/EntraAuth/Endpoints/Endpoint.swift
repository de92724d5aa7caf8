/// One address of `sitegen-auth`: a request in, a response out. Never throws: a failure is an answer (fail closed).
///
/// Each endpoint is a small value holding only what it uses; `Router` is the table from path to endpoint (`AuthEndpoints` fills it).
///
/// ```swift
/// struct Health: Endpoint {
///     func respond(to request: Request) -> Response { .text(200, "ok") }
/// }
/// ```
public protocol Endpoint: Sendable {
    /// The answer to `request`.
    func respond(to request: Request) -> Response
}
