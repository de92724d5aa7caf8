import Foundation

/// Signs out: ends the session in the store, so every copy of its cookie stops working, clears the cookie, then
/// sends the browser through the provider's end-session endpoint, without which the user would be signed
/// straight back in. When the store cannot be reached, the reader is told and keeps the cookie to try again:
/// clearing only this browser's copy would look like a sign-out and not be one.
///
/// A request this site's own pages did not send (`SignOutOrigin`) is asked first: otherwise any page could sign a
/// reader out, here and — through the end-session endpoint and its login hint — of Microsoft itself. Answering
/// the question is a link on this site, so it comes back `same-origin`.
struct LogoutEndpoint: Endpoint {
    let sessionCookie: SessionCookie
    let sessions: SessionRegistry
    let provider: IdentityProvider
    /// Where the provider sends the reader after signing out (`post_logout_redirect_uri`).
    let postLogoutRedirectURI: String
    let clientID: String
    /// This site's origin, which its own pages send sign-out from.
    let siteOrigin: String
    let time: any TimeSource
    let log: AuthLog

    func respond(to request: Request) -> Response {
        if !SignOutOrigin(siteOrigin: siteOrigin).isThisSite(request) {
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
        let clear = sessionCookie.clearCookies
        log.write(event: "signed_out", ["tid": session?.tenantID ?? "", "oid": session?.objectID ?? ""])
        guard let endpoint = try? provider.current().metadata.endSessionEndpoint else {
            return .redirect(to: postLogoutRedirectURI, cookies: clear).forgettingPages()
        }
        var parameters = [
            ("post_logout_redirect_uri", postLogoutRedirectURI),
            ("client_id", clientID),
        ]
        if let hint = session?.loginHint { parameters.append(("logout_hint", hint)) }
        let separator = endpoint.query == nil ? "?" : "&"
        return .redirect(to: endpoint.absoluteString + separator + FormEncoding.encode(parameters), cookies: clear)
            .forgettingPages()
    }
}
