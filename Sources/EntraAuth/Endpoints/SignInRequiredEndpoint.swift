/// Where nginx sends a 401 from the check: page navigations go to sign-in with the original URI as the return
/// path; fetch/XHR requests (`Sec-Fetch-Mode` other than `navigate`) keep a plain 401.
///
/// A browser that still sends a session cookie whose session has ended (idle, expired, revoked, signed out of
/// Entra) may hold restricted files from that session in its cache: the answer empties the cache and deletes
/// the cookie, so this happens once.
struct SignInRequiredEndpoint: Endpoint {
    let sessionCookie: SessionCookie
    let readers: ReaderLookup

    func respond(to request: Request) -> Response {
        let mode = request.headers["sec-fetch-mode"] ?? "navigate"
        var response: Response
        if mode == "navigate" {
            let returnPath = ReturnPath.sanitize(request.headers["x-original-uri"])
            response = .redirect(to: "/.auth/login?rd=" + FormEncoding.escape(returnPath))
        } else {
            response = .text(401, "Sign-in required")
        }
        guard request.cookies[sessionCookie.name] != nil, case .anonymous = readers.reader(of: request) else {
            return response
        }
        response.headers += sessionCookie.clearCookies.map { ("Set-Cookie", $0) }
        return response.forgettingPages()
    }
}
