public import EntraAuth

/// FastCGI's Authorizer role, which Apache httpd's `mod_authnz_fcgi` and lighttpd's `mod_fastcgi` in
/// `"mode" => "authorizer"` speak: the web server sends the parameters of a request it is about to serve (no body)
/// and serves it only if the answer is 200; any other answer goes to the client as it is.
///
/// A thin adapter around the router: the request asked about (`REQUEST_URI`, the target as the client sent it, which
/// nginx passes as `X-Original-URI`) goes to the auth check, and the check's answer comes back in the Authorizer's form:
/// - allowed (204): 200 with a `Variable-SITEGEN_*` header for each `X-Auth-*` header of the check
///   (`X-Auth-User` → `Variable-SITEGEN_USER`; also `NAME`, `EMAIL`, `TENANT`, `ROLES`, `ACCESS`, `RESTRICTED`), which
///   the web server passes on as the variables `SITEGEN_USER`, … to what serves the request;
/// - sign-in required (401): the answer of `/.auth/sign-in-required` to the same request, which the web server sends
///   to the client: a redirect to sign-in for page navigations, a plain 401 otherwise;
/// - anything else (403, 503, 500): its status, `Cache-Control` and body, without the identity headers, which are for
///   the web server and never reach the browser.
///
/// A header `X-Original-URI` the client sent has no say: `REQUEST_URI` replaces it.
///
/// ```swift
/// let authorizer = FastCGIAuthorizer(router: router)
/// let response = authorizer.respond(to: request, about: "/finance/report/")
/// ```
public struct FastCGIAuthorizer: Sendable {
    /// The check every Authorizer request is mapped to.
    static let checkPath = "/.auth/check"
    /// Where a request that needs a sign-in is answered.
    static let signInRequiredPath = "/.auth/sign-in-required"
    /// The prefix of the check's identity headers, and what replaces it in the Authorizer's answer.
    static let checkHeaderPrefix = "x-auth-"
    static let variablePrefix = "Variable-SITEGEN_"

    let router: Router

    /// An Authorizer answering through `router`.
    public init(router: Router) {
        self.router = router
    }

    /// The Authorizer's answer to the web server's question about `requestURI`; `request` holds the parameters it
    /// was sent with (method, headers, cookies). Fails closed: without a `REQUEST_URI` nothing is allowed.
    public func respond(to request: Request, about requestURI: String?) -> Response {
        guard let requestURI, !requestURI.isEmpty else {
            return .text(500, "The web server sent no REQUEST_URI to the FastCGI Authorizer; nothing can be allowed")
        }
        var check = request
        check.path = Self.checkPath
        check.query = [:]
        check.headers["x-original-uri"] = requestURI
        let answer = router.respond(to: check)
        switch answer.status {
        case 204:
            return Response(status: 200, headers: Self.variables(in: answer))
        case 401:
            check.path = Self.signInRequiredPath
            return router.respond(to: check)
        default:
            let kept = answer.headers.filter { ["cache-control", "content-type"].contains($0.name.lowercased()) }
            return Response(status: answer.status, headers: kept, body: answer.body)
        }
    }

    /// The check's `X-Auth-*` headers as `Variable-SITEGEN_*` headers: `X-Auth-User` → `Variable-SITEGEN_USER`.
    static func variables(in answer: Response) -> [(name: String, value: String)] {
        answer.headers.compactMap { header in
            let name = header.name.lowercased()
            guard name.hasPrefix(checkHeaderPrefix) else { return nil }
            let variable = name.dropFirst(checkHeaderPrefix.count).uppercased().map { $0 == "-" ? "_" : $0 }
            return (variablePrefix + String(variable), header.value)
        }
    }
}
