import AccessRules
import Foundation

/// Who sent a request, as far as its session cookie and the session store tell.
enum Reader {
    /// A live session, and what today's tenant rules let the access rules know of its reader.
    case signedIn(Session, Identity)
    /// No session cookie, or one whose session is over, or whose tenant is no longer admitted.
    case anonymous
    /// A session cookie whose session the store cannot look up now.
    case unknown

    /// The identity the access rules decide on; nil unless signed in.
    var identity: Identity? { if case .signedIn(_, let identity) = self { identity } else { nil } }
}

/// Finds the reader of a request from its session cookie: the check and `/.auth/me` ask it.
struct ReaderLookup: Sendable {
    let sessionCookie: SessionCookie
    let sessions: SessionRegistry
    let scope: TenantScope
    let time: any TimeSource
    /// Re-checks sessions with the provider when due (`recheck_every`); nil when re-checks are off.
    var rechecks: SessionRechecker? = nil

    /// The reader of `request`.
    func reader(of request: Request) -> Reader { reader(with: request.cookies) }

    /// The reader sending `cookies`, for a caller that reads other cookies of the same request too.
    func reader(with cookies: Cookies) -> Reader {
        let now = time.now()
        guard let pointer = sessionCookie.pointer(in: cookies, now: now) else { return .anonymous }
        switch sessions.find(id: pointer.id) {
        case .found(let found):
            var session = found
            if let rechecks {
                guard let admitted = rechecks.admitted(found, now: Int(now.timeIntervalSince1970)) else {
                    return .anonymous
                }
                session = admitted
            }
            guard let identity = scope.identity(of: session) else { return .anonymous }
            return .signedIn(session, identity)
        case .none: return .anonymous
        case .unavailable: return .unknown
        }
    }
}
