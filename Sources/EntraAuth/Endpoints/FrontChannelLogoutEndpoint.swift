import Foundation

/// Entra's front-channel logout: when a reader signs out of Entra from any application, Entra loads this address
/// with the reader's Entra session id (`sid`) in a hidden iframe of its sign-out page. Every session signed in
/// with that `sid` ends.
///
/// No cookie is needed, nor expected: browsers do not send `SameSite=Lax` cookies into a third-party iframe.
/// Entra sends only `sid`, not the `iss` OpenID Connect Front-Channel Logout asks for; when `iss` is present, only
/// sessions signed in by that issuer end. The answer may be framed by the authority's origin and nothing else,
/// and is never cached. Entra calls once and never again, so a logout the session store cannot take now is kept
/// (`PendingLogouts`) and applied when the store answers, and Entra's iframe is answered as for any other.
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
        let issuer = request.query["iss"]
        guard let sid = request.query["sid"], !sid.isEmpty, sid.utf8.count <= 256, Self.isPrintable(sid),
            issuer.map({ $0.utf8.count <= 1024 && Self.isPrintable($0) }) != false
        else {
            return Response(status: 400, headers: headers, body: Array("<!doctype html><p>sid is missing.</p>\n".utf8))
        }
        do {
            let ended = try sessions.end(providerSession: sid, issuer: issuer)
            log.write(event: "frontchannel_logout", ["sessions": "\(ended)"])
        } catch {
            sessions.keepPendingLogout(providerSession: sid, issuer: issuer)
            log.write(
                event: "frontchannel_logout_pending",
                ["effect": "applied when the session store answers; its sessions open nothing until then"])
        }
        return Response(status: 200, headers: headers, body: Array("<!doctype html><p>Signed out.</p>\n".utf8))
    }

    /// No spaces or control characters: a `sid` is a GUID, `iss` a URL.
    private static func isPrintable(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F }
    }

    /// The origin of the authority's pages (`https://login.microsoftonline.com`), which frames the logout.
    var authorityOrigin: String {
        let page = (try? provider.current().metadata.authorizationEndpoint) ?? serverMetadataURL
        var origin = "\(page.scheme ?? "https")://\(page.host ?? "")"
        if let port = page.port { origin += ":\(port)" }
        return origin
    }
}
