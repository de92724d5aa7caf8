import AccessRules
import Foundation

extension AuthHandler {
    /// The `auth_request` target: 204 with identity headers, 401 without a valid session, 403 when not allowed.
    ///
    /// Runs for every protected request, so it does no network and no disk I/O and logs nothing.
    func check(_ request: Request) -> Response {
        guard let policy = manifest.current else {
            return .text(503, "No access manifest is loaded; run sitegen build")
        }
        guard let uri = request.headers["x-original-uri"] else {
            return .text(500, "X-Original-URI is missing; pass it from nginx (see nginx/sitegen-auth.conf)")
        }
        let reader = signedInReader(request)
        let identity = reader?.identity
        var headers: [(name: String, value: String)] = [
            ("Cache-Control", "no-store"),
            ("X-Auth-Access", "," + policy.satisfiedRules(by: identity).map(String.init).joined(separator: ",") + ","),
        ]
        if let (session, identity) = reader {
            headers += [
                ("X-Auth-User", Self.headerSafe(session.objectID)),
                ("X-Auth-Tenant", Self.headerSafe(session.tenantID)),
                ("X-Auth-Name", Self.headerSafe(session.displayName)),
                ("X-Auth-Email", Self.headerSafe(session.email.isEmpty ? session.preferredUsername : session.email)),
                ("X-Auth-Roles", Self.headerSafe(identity.roles.joined(separator: ","))),
            ]
        } else {
            // nginx may keep allowed answers briefly (sitegen-auth-cache.conf); without a session its key is a
            // Cookie header anyone can vary, so such answers are never kept and cannot fill the cache.
            headers.append(("X-Accel-Expires", "0"))
        }
        switch policy.decide(uri: uri, identity: identity) {
        case .allow:
            return Response(status: 204, headers: headers)
        case .signInRequired:
            return Response(status: 401, headers: headers)
        case .forbidden(let rule):
            let required = rule?.readerSummary ?? "a page this site does not publish"
            return Response(status: 403, headers: headers + [("X-Auth-Required", Self.headerSafe(required))])
        }
    }

    /// The session in the request and what today's tenant rules let the access rules know of its reader; nil when
    /// there is no valid session or its tenant is no longer admitted.
    func signedInReader(_ request: Request) -> (session: Session, identity: Identity)? {
        guard let session = sessionCookie.session(in: request.cookies, now: time.now()),
            let identity = scope.identity(of: session)
        else { return nil }
        return (session, identity)
    }

    /// Header values come from token claims: drop control characters so a claim can never split a header.
    static func headerSafe(_ value: String) -> String {
        if value.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x7F }) { return value }
        return String(value.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
    }
}
