public import EntraAuth

/// What makes the one router answer Caddy's `forward_auth` and Traefik's `forwardAuth` over HTTP.
///
/// Both proxies send the auth request with the reader's own headers (Cookie, Sec-Fetch-Mode) plus
/// `X-Forwarded-Method`, `-Proto`, `-Host` and `-Uri`, and both set `X-Forwarded-Uri` themselves. A reader could
/// send `X-Original-URI` (which nginx's `auth_request` sets and the check reads) and the proxy would pass it on,
/// so over HTTP it is always replaced by `X-Forwarded-Uri`; a check without `X-Forwarded-Uri` fails closed.
///
/// Neither proxy turns the check's 401 into a sign-in, as nginx's `error_page 401` does: they pass any non-2xx
/// answer to the browser. So over HTTP a 401 from the check is answered as nginx's `@sitegen_sign_in` location
/// answers it, by `/.auth/sign-in-required`: a 302 to `/.auth/login?rd=…` for a page navigation, a plain 401 for
/// fetch and XHR. Its `Location` is made absolute on the site's origin (`AuthConfig.origin`): Traefik resolves a
/// relative one against the address it asked, so `/.auth/login` would send the browser to `127.0.0.1:9091`.
///
/// ```swift
/// let router = ForwardAuth.router(over: service.endpoints.router, origin: service.config.origin)
/// let request = ForwardAuth.request(method: "GET", target: "/.auth/check", headers: [("X-Forwarded-Uri", "/a/")])
/// ```
public enum ForwardAuth {
    /// The check's path: Caddy's `forward_auth … { uri /.auth/check }`, Traefik's `address: http://…/.auth/check`.
    public static let checkPath = "/.auth/check"
    static let signInRequiredPath = "/.auth/sign-in-required"

    /// The router an HTTP listener answers through: `router` with its check answering as forward auth does, sign-in
    /// redirects on `origin` (`https://site.example`).
    public static func router(over router: Router, origin: String) -> Router {
        var routes = router.routes
        if let check = routes[checkPath], let signIn = routes[signInRequiredPath] {
            routes[checkPath] = Router.Route(
                ForwardAuthCheckEndpoint(check: check.endpoint, signIn: signIn.endpoint, origin: origin))
        }
        return Router(routes: routes)
    }

    /// The `Request` for a request received over HTTP: repeated header fields are joined (`Cookie` with `; `, as
    /// an HTTP/2 proxy may split it; others with `, `), and `X-Original-URI` is whatever `X-Forwarded-Uri` says,
    /// never what the reader sent.
    public static func request(method: String, target: String, headers: [(name: String, value: String)]) -> Request {
        var joined: [String: String] = [:]
        for (name, value) in headers {
            let key = name.lowercased()
            if let earlier = joined[key] {
                joined[key] = earlier + (key == "cookie" ? "; " : ", ") + value
            } else {
                joined[key] = value
            }
        }
        joined["x-original-uri"] = joined["x-forwarded-uri"]
        return Request(method: method, target: target, headers: joined)
    }
}

/// The check as forward auth asks for it: 2xx with identity headers to allow, 401 turned into the sign-in answer,
/// 403 as the check gives it.
struct ForwardAuthCheckEndpoint: Endpoint {
    let check: any Endpoint
    let signIn: any Endpoint
    /// The site's origin, which a relative `Location` of the sign-in answer is made absolute on.
    let origin: String

    func respond(to request: Request) -> Response {
        guard let uri = request.headers["x-original-uri"], !uri.isEmpty else {
            return .text(
                500,
                "X-Forwarded-Uri is missing: ask for /.auth/check through Caddy's forward_auth or Traefik's "
                    + "forwardAuth (see deploy/caddy and deploy/traefik)")
        }
        let answer = check.respond(to: request)
        guard answer.status == 401 else { return answer }
        var signingIn = signIn.respond(to: request)
        signingIn.headers = signingIn.headers.map { header in
            guard header.name.lowercased() == "location", header.value.hasPrefix("/"),
                !header.value.hasPrefix("//")
            else { return header }
            return (header.name, origin + header.value)
        }
        return signingIn
    }
}
