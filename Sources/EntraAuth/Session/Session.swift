public import AccessRules
import Foundation

/// What the session cookie holds: only what authorization and display need.
public struct Session: Codable, Sendable, Equatable {
    /// Random id of this session.
    public var id: String
    /// Tenant id; with `objectID` the key of the user.
    public var tenantID: String
    /// Object id of the user.
    public var objectID: String
    /// Subject of the ID token.
    public var subject: String
    /// Display name (display only).
    public var name: String
    /// `preferred_username` (display only, mutable).
    public var preferredUsername: String
    /// `email` (display only, mutable).
    public var email: String
    /// App roles.
    public var roles: [String]
    /// Group ids, kept only when the site's rules use groups.
    public var groups: [String]
    /// The `login_hint` optional claim, for a sign-out without the account picker.
    public var loginHint: String?
    /// Entra's session id (`sid`), for front-channel sign-out.
    public var providerSessionID: String?
    /// When the session was created (seconds since 1970).
    public var issuedAt: Int
    /// When it ends, whatever happens (seconds since 1970).
    public var expiresAt: Int
    /// The ID token's issuer; nil in records of sitegen versions before it was sealed with the claims.
    public var issuer: String? = nil
    /// When the provider last confirmed the reader (sign-in or a successful re-check, seconds since 1970); nil in
    /// records of sitegen versions before re-checks, which count from `issuedAt`.
    public var checkedAt: Int? = nil

    enum CodingKeys: String, CodingKey {
        case id = "sid"
        case tenantID = "tid"
        case objectID = "oid"
        case subject = "sub"
        case name
        case preferredUsername = "pu"
        case email
        case roles
        case groups
        case loginHint = "lh"
        case providerSessionID = "psid"
        case issuedAt = "iat"
        case expiresAt = "exp"
        case issuer = "iss"
        case checkedAt = "chk"
    }

    /// The facts access rules look at.
    public var identity: Identity {
        Identity(
            tenantID: tenantID,
            objectID: objectID,
            roles: roles,
            groups: groups,
            emails: [email, preferredUsername].filter { !$0.isEmpty }
        )
    }

    /// When the provider last confirmed the reader.
    var lastChecked: Int { checkedAt ?? issuedAt }

    /// The name to greet the user with.
    public var displayName: String {
        [name, preferredUsername, email].first { !$0.isEmpty } ?? objectID
    }
}
