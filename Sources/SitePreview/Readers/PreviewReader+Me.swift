import AccessRules
import Foundation

extension PreviewReader {
    /// What sitegen-auth's `/.auth/me` answers for this reader: 200 with the signed-in user as JSON (the fields
    /// the preview knows), or 401 for an anonymous reader. The theme's greeting reads it on servers without includes.
    var me: (status: Int, json: String) {
        let identity: Identity
        switch kind {
        case .anonymous:
            return (401, #"{"error":"not signed in"}"#)
        case .everyone:
            identity = Identity(tenantID: "", objectID: Self.previewObjectID, roles: [], groups: [], emails: [])
        case .signedIn(let signedIn):
            identity = signedIn
        }
        let user: [String: Any] = [
            "name": name, "preferred_username": identity.emails.first ?? "", "email": identity.emails.first ?? "",
            "tid": identity.tenantID, "oid": identity.objectID, "roles": identity.roles, "groups": identity.groups,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: user, options: [.sortedKeys])) ?? Data("{}".utf8)
        return (200, String(decoding: data, as: UTF8.self))
    }
}
