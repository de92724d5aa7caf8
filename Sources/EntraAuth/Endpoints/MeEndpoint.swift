import AccessRules
import Foundation

/// The signed-in user as JSON (`/.auth/me`), or 401.
struct MeEndpoint: Endpoint {
    let readers: ReaderLookup

    func respond(to request: Request) -> Response {
        let headers = [("Content-Type", "application/json"), ("Cache-Control", "no-store")]
        let session: Session
        let identity: Identity
        switch readers.reader(of: request) {
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
}
