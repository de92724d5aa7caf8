/// An endpoint counted by outcome and timed for `/metrics`: two clock readings and three atomic additions around
/// the endpoint it wraps. Only the auth check is wrapped, and only when metrics are on.
struct TimedEndpoint<Wrapped: Endpoint>: Endpoint {
    let wrapped: Wrapped
    let metrics: AuthMetrics

    func respond(to request: Request) -> Response {
        let started = MonotonicClock.nanoseconds()
        let response = wrapped.respond(to: request)
        metrics.recordCheck(status: response.status, nanoseconds: MonotonicClock.nanoseconds() &- started)
        return response
    }
}
