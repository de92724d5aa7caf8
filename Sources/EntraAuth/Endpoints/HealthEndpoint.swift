/// 200 when discovery, keys and the access manifest are loaded and the session store answers; 503 with the
/// reason otherwise.
struct HealthEndpoint: Endpoint {
    let manifest: ManifestStore
    let provider: IdentityProvider
    let sessions: SessionRegistry

    func respond(to request: Request) -> Response {
        guard manifest.current != nil else {
            return .text(503, "not ready: no usable access manifest (sitegen-auth's log says why)")
        }
        guard provider.isReady else { return .text(503, "not ready: identity provider metadata not loaded") }
        guard sessions.problem() == nil else {
            return .text(503, "not ready: the session store cannot be reached (sitegen-auth's log says why)")
        }
        return .text(200, "ok")
    }
}
