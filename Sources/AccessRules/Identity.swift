/// The facts about a signed-in user that access rules may look at.
public struct Identity: Sendable, Equatable {
    /// Tenant id (`tid`).
    public var tenantID: String
    /// Object id of the user in the tenant (`oid`); with `tenantID` the stable user key.
    public var objectID: String
    /// App role values (`roles`).
    public var roles: [String]
    /// Group object ids (`groups`).
    public var groups: [String]
    /// Mutable display claims (`email`, `preferred_username`), used only with an explicit opt-in.
    public var emails: [String]

    /// Creates an identity from token claims.
    public init(tenantID: String, objectID: String, roles: [String], groups: [String], emails: [String]) {
        self.tenantID = tenantID
        self.objectID = objectID
        self.roles = roles
        self.groups = groups
        self.emails = emails
    }
}

extension Requirement {
    /// Whether the user meets at least one condition; email conditions count only when `emailRulesAllowed`.
    public func isMet(by identity: Identity, emailRulesAllowed: Bool) -> Bool {
        if roles.contains(where: identity.roles.contains) { return true }
        if groups.contains(where: { group in identity.groups.contains { $0.lowercased() == group.lowercased() } }) {
            return true
        }
        if tenants.contains(where: { $0.lowercased() == identity.tenantID.lowercased() }) { return true }
        if users.contains(where: { $0.lowercased() == identity.objectID.lowercased() }) { return true }
        if emailRulesAllowed,
            emails.contains(where: { email in identity.emails.contains { $0.lowercased() == email.lowercased() } })
        {
            return true
        }
        return false
    }
}

extension AccessRule {
    /// Whether a reader (nil when signed out) may read a path carrying this rule.
    public func allows(_ identity: Identity?, emailRulesAllowed: Bool) -> Bool {
        switch self {
        case .public: true
        case .signedIn: identity != nil
        case .restricted(let requirement):
            identity.map { requirement.isMet(by: $0, emailRulesAllowed: emailRulesAllowed) } ?? false
        }
    }
}
