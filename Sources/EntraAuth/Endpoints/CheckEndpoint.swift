import AccessRules
import Foundation

/// The `auth_request` target: 204 with identity headers, 401 without a valid session, 403 when not allowed.
///
/// Runs for every protected request, so it asks only the session store — a read of the local SQLite file, or
/// Redis, whose sessions each server keeps for a few seconds (`RedisSessionCache`) — and logs only what the
/// session registry reports once: a store outage, or a session record altered in the store. Counting and timing
/// wrap it (`TimedEndpoint`) when metrics are on.
struct CheckEndpoint: Endpoint {
    let manifest: ManifestStore
    let readers: ReaderLookup

    func respond(to request: Request) -> Response {
        guard let policy = manifest.current else {
            return .text(503, "No access manifest is loaded; run sitegen build")
        }
        guard let uri = request.headers["x-original-uri"] else {
            return .text(500, "X-Original-URI is missing; pass it from nginx (see deploy/nginx/sitegen-auth.conf)")
        }
        let cookies = request.cookies
        let reader = readers.reader(with: cookies)
        let restricted = policy.decide(uri: uri, identity: nil) != .allow
        if case .unknown = reader, restricted {
            return .text(503, "Sessions cannot be checked right now: the session store cannot be reached")
        }
        let identity = reader.identity
        var headers: [(name: String, value: String)] = [
            ("Cache-Control", "no-store"),
            (SatisfiedRules.header, policy.satisfiedRules(by: identity).value),
        ]
        if restricted {
            // Restricted files and search parts must not stay in a browser's disk cache after the session ends:
            // nginx turns this into `Cache-Control: no-store` (sitegen-auth-http.conf).
            headers.append(("X-Auth-Restricted", "1"))
        }
        if case .signedIn(let session, let identity) = reader {
            headers += [
                ("X-Auth-User", Self.headerSafe(session.objectID)),
                ("X-Auth-Tenant", Self.headerSafe(session.tenantID)),
                ("X-Auth-Name", Self.headerSafe(session.displayName)),
                ("X-Auth-Email", Self.headerSafe(session.email.isEmpty ? session.preferredUsername : session.email)),
                ("X-Auth-Roles", Self.headerSafe(identity.roles.joined(separator: ","))),
            ]
            if !readers.sessionCookie.keyMatches(request.headers[Self.checkKeyHeader], in: cookies) {
                // nginx found no check key, or one that is not this session cookie's: an answer it kept would be
                // filed under a key another cookie could present (sitegen-auth-cache.conf).
                headers.append(("X-Accel-Expires", "0"))
            } else if let rechecks = readers.rechecks,
                !rechecks.answerMayBeKept(session, now: Int(readers.time.now().timeIntervalSince1970))
            {
                headers.append(("X-Accel-Expires", "0"))
            }
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

    /// The check key nginx filed this answer under in its check cache, as sitegen-auth.conf passes it.
    static let checkKeyHeader = "x-sitegen-check-key"

    /// Header values come from token claims: drop control characters so a claim can never split a header.
    static func headerSafe(_ value: String) -> String {
        if value.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x7F }) { return value }
        return String(value.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
    }
}
