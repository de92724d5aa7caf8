import Foundation

/// Entra's front-channel logout: when a reader signs out of Entra from any application, Entra loads this address
/// with the reader's Entra session id (`sid`) in a hidden iframe of its sign-out page. Every session signed in
/// with that `sid` ends.
///
/// No cookie is needed, nor expected: browsers do not send `SameSite=Lax` cookies into a third-party iframe.
/// Entra sends only `sid`, not the `iss` OpenID Connect Front-Channel Logout asks for; when `iss` is present, only
/// sessions signed in by that issuer end. The answer may be framed by the authority's origin and nothing else,
/// and is never cached.
struct FrontChannelLogoutEndpoint: Endpoint {
    let sessions: SessionRegistry
    let provider: IdentityProvider
    /// Stands in for the authorization endpoint's origin until discovery is loaded.
    let serverMetadataURL: URL
    let log: AuthLog

    func respond(to request: Request) -> Response {
        let headers = [
            ("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store"),
            ("Content-Security-Policy", "default-src 'none'; frame-ancestors \(authorityOrigin)"),
        ]
        guard let sid = request.query["sid"], !sid.isEmpty, sid.utf8.count <= 256 else {
            return Response(status: 400, headers: headers, body: Array("<!doctype html><p>sid is missing.</p>\n".utf8))
        }
        do {
            let ended = try sessions.end(providerSession: sid, issuer: request.query["iss"])
            log.write(event: "frontchannel_logout", ["sessions": "\(ended)"])
        } catch {
            return Response(
                status: 503, headers: headers,
                body: Array("<!doctype html><p>The session store cannot be reached.</p>\n".utf8))
        }
        return Response(status: 200, headers: headers, body: Array("<!doctype html><p>Signed out.</p>\n".utf8))
    }

    /// The origin of the authority's pages (`https://login.microsoftonline.com`), which frames the logout.
    var authorityOrigin: String {
        let page = (try? provider.current().metadata.authorizationEndpoint) ?? serverMetadataURL
        var origin = "\(page.scheme ?? "https")://\(page.host ?? "")"
        if let port = page.port { origin += ":\(port)" }
        return origin
    }
}
