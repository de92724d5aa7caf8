/// What a callback gets when every network worker is busy and the queue is full; counted as a sign-in refused.
struct SignInBusyEndpoint: Endpoint {
    let metrics: AuthMetrics?

    func respond(to request: Request) -> Response {
        metrics?.signIns.increment(.busy)
        return Response(
            status: 503,
            headers: [
                ("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store"), ("Retry-After", "5"),
            ],
            body: Array("Sign-in is busy right now. Please go back and try again in a few seconds.\n".utf8))
    }
}
