import AccessRules
import Foundation

extension AuthHandler {
    /// Signs out: ends the session in the store, so every copy of its cookie stops working, clears the cookie, then
    /// sends the browser through the provider's end-session endpoint, without which the user would be signed
    /// straight back in. When the store cannot be reached, the reader is told and keeps the cookie to try again:
    /// clearing only this browser's copy would look like a sign-out and not be one.
    ///
    /// A request this site's own pages did not send (`SignOutOrigin`) is asked first: otherwise any page could sign a
    /// reader out, here and — through the end-session endpoint and its login hint — of Microsoft itself. Answering
    /// the question is a link on this site, so it comes back `same-origin`.
    func logout(_ request: Request) -> Response {
        if !SignOutOrigin(siteOrigin: config.origin).isThisSite(request) {
            return HTMLPage.render(
                status: 200,
                title: "Sign out?",
                paragraphs: [
                    "A link on another site asked to sign you out of this one, and out of your Microsoft account. "
                        + "Nothing has happened yet."
                ],
                links: [("Sign out", "/.auth/logout"), ("Stay signed in", "/")]
            )
        }
        var session: Session?
        if let pointer = sessionCookie.pointer(in: request.cookies, now: time.now()) {
            if case .found(let found) = sessions.find(id: pointer.id) { session = found }
            do {
                _ = try sessions.end(.session(id: pointer.id), because: .signOut)
            } catch {
                return HTMLPage.render(
                    status: 503,
                    title: "Sign-out could not be completed",
                    paragraphs: [
                        "You are still signed in: this site cannot reach its session store right now. "
                            + "Please try again in a minute."
                    ],
                    links: [("Try again", "/.auth/logout")]
                )
            }
        }
        let clear = [sessionCookie.clearCookie]
        log.write(event: "signed_out", ["tid": session?.tenantID ?? "", "oid": session?.objectID ?? ""])
        guard let endpoint = try? provider.current().metadata.endSessionEndpoint else {
            return .redirect(to: config.postLogoutRedirectURI.absoluteString, cookies: clear).forgettingPages()
        }
        var parameters = [
            ("post_logout_redirect_uri", config.postLogoutRedirectURI.absoluteString),
            ("client_id", config.clientID),
        ]
        if let hint = session?.loginHint { parameters.append(("logout_hint", hint)) }
        let separator = endpoint.query == nil ? "?" : "&"
        return .redirect(to: endpoint.absoluteString + separator + FormEncoding.encode(parameters), cookies: clear)
            .forgettingPages()
    }

    /// The signed-in user as JSON, or 401.
    func me(_ request: Request) -> Response {
        let headers = [("Content-Type", "application/json"), ("Cache-Control", "no-store")]
        let session: Session
        let identity: Identity
        switch reader(of: request) {
        case .signedIn(let found, let scoped):
            (session, identity) = (found, scoped)
        case .anonymous:
            return Response(status: 401, headers: headers, body: Array(#"{"error":"not signed in"}"#.utf8))
        case .unknown:
            return Response(
                status: 503, headers: headers, body: Array(#"{"error":"sessions cannot be checked now"}"#.utf8))
        }
        let user: [String: JSONValue] = [
            "name": .string(session.name),
            "preferred_username": .string(session.preferredUsername),
            "email": .string(session.email),
            "tid": .string(session.tenantID),
            "oid": .string(session.objectID),
            "roles": .array(identity.roles.map(JSONValue.string)),
            "groups": .array(identity.groups.map(JSONValue.string)),
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let body = try? encoder.encode(user) else { return .text(500, "Cannot encode the user") }
        return Response(status: 200, headers: headers, body: Array(body))
    }

    /// 200 when discovery, keys and the access manifest are loaded and the session store answers; 503 with the
    /// reason otherwise.
    func health() -> Response {
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

extension Response {
    /// Sign-out also empties the browser's cache of this site, so protected pages and images do not stay on
    /// disk of a shared computer. (Pages kept in the back/forward cache are reloaded by the theme's script.)
    func forgettingPages() -> Response {
        var copy = self
        copy.headers.append(("Clear-Site-Data", "\"cache\""))
        return copy
    }
}
