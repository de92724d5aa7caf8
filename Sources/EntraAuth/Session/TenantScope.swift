public import AccessRules

/// Which tenants' readers a site admits, and whose app roles and groups count, applied on every check so a session
/// follows today's configuration, not the one it was signed in under.
///
/// App roles and groups are assigned per tenant: with a multi-tenant authority an administrator of any admitted
/// tenant can give their own users `Finance.Read`, or a `mail` attribute of `ana@contoso.com`. So with `common` or
/// `organizations`, roles, groups and e-mail addresses count only for readers of `role_tenants` (normally the app's
/// home tenant), and for no one when it is not set.
///
/// ```swift
/// let scope = TenantScope(allowedTenants: ["72f988bf-…"], roleTenants: nil)
/// scope.identity(of: session)  // nil for a session from another tenant
/// ```
public struct TenantScope: Sendable, Equatable {
    /// Tenants whose readers are admitted; empty admits every tenant the authority admits.
    public var allowedTenants: Set<String>
    /// Tenants whose readers' roles, groups and addresses count; nil when every admitted tenant's do (single tenant).
    public var roleTenants: Set<String>?

    /// Creates a scope from tenant ids (compared without case).
    public init(allowedTenants: [String], roleTenants: [String]?) {
        self.allowedTenants = Set(allowedTenants.map { $0.lowercased() })
        self.roleTenants = roleTenants.map { Set($0.map { $0.lowercased() }) }
    }

    /// Whether readers of `tenant` may sign in and read.
    public func admits(tenant: String) -> Bool {
        allowedTenants.isEmpty || allowedTenants.contains(tenant.lowercased())
    }

    /// What the access rules may know of a session's reader; nil when the reader's tenant is not admitted.
    public func identity(of session: Session) -> Identity? {
        guard admits(tenant: session.tenantID) else { return nil }
        var identity = session.identity
        if let roleTenants, !roleTenants.contains(session.tenantID.lowercased()) {
            identity.roles = []
            identity.groups = []
            identity.emails = []
        }
        return identity
    }
}
