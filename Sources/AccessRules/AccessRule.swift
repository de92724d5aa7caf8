/// Who may read a path: anyone, any signed-in user, or only users meeting a requirement.
///
/// ```swift
/// let finance = AccessRule.restricted(Requirement(roles: ["Finance.Read"]))
/// ```
public enum AccessRule: Hashable, Sendable {
    /// Readable without signing in.
    case `public`
    /// Readable by every signed-in user of an allowed tenant.
    case signedIn
    /// Readable by signed-in users who meet at least one condition of the requirement.
    case restricted(Requirement)

    /// What the 403 page may tell a refused reader; see `Requirement.readerSummary`.
    public var readerSummary: String {
        switch self {
        case .public: "nothing"
        case .signedIn: "signing in"
        case .restricted(let requirement): requirement.readerSummary
        }
    }

    /// A short human description, as `sitegen access` shows it.
    public var summary: String {
        switch self {
        case .public: "public"
        case .signedIn: "signed-in"
        case .restricted(let requirement): requirement.summary
        }
    }
}

/// Conditions of a restricted rule; a user who meets any one of them may read.
public struct Requirement: Hashable, Sendable, Codable {
    /// Entra app role values (the `roles` claim).
    public var roles: [String]
    /// Entra group object ids (the `groups` claim).
    public var groups: [String]
    /// Tenant ids (the `tid` claim).
    public var tenants: [String]
    /// User object ids (the `oid` claim), the stable key of a user.
    public var users: [String]
    /// Email addresses or UPNs; honoured only when the auth config opts in, because those claims are mutable.
    public var emails: [String]

    /// Creates a requirement; empty lists are simply absent conditions.
    public init(
        roles: [String] = [],
        groups: [String] = [],
        tenants: [String] = [],
        users: [String] = [],
        emails: [String] = []
    ) {
        self.roles = roles
        self.groups = groups
        self.tenants = tenants
        self.users = users
        self.emails = emails
    }

    /// True when no condition is listed, which would make the page unreadable by anyone.
    public var isEmpty: Bool {
        roles.isEmpty && groups.isEmpty && tenants.isEmpty && users.isEmpty && emails.isEmpty
    }

    /// What a reader who was refused may be told: role names, but no group ids, user ids, tenant ids or addresses,
    /// which belong to the directory, not to whoever opens a link.
    ///
    /// ```swift
    /// Requirement(roles: ["Finance.Read"], groups: ["5f1c…"]).readerSummary
    /// // "the app role Finance.Read, or membership of a group the site names"
    /// ```
    ///
    /// A requirement with no condition admits no one: the build publishes it for the seconds a rule changes
    /// between two incomparable ones (`InterimManifest`), and the reader is told to reload.
    public var readerSummary: String {
        if isEmpty { return "a moment while its access rule changes; reload in a few seconds" }
        var parts: [String] = []
        if roles.count == 1 { parts.append("the app role \(roles[0])") }
        if roles.count > 1 { parts.append("one of the app roles \(roles.joined(separator: ", "))") }
        if !groups.isEmpty { parts.append("membership of a group the site names") }
        if !tenants.isEmpty { parts.append("an account of an organisation the site names") }
        if !users.isEmpty || !emails.isEmpty { parts.append("being one of the people the site names") }
        return parts.joined(separator: ", or ")
    }

    /// `roles: Finance.Read, Finance.Admin; groups: 5f1c…` — for listings and the administrator.
    public var summary: String {
        let parts: [(String, [String])] = [
            ("roles", roles), ("groups", groups), ("tenants", tenants), ("users", users), ("emails", emails),
        ]
        return parts.filter { !$0.1.isEmpty }.map { "\($0.0): \($0.1.joined(separator: ", "))" }
            .joined(separator: "; ")
    }

    private enum CodingKeys: String, CodingKey {
        case roles, groups, tenants, users, emails
    }

    /// Decodes a requirement, treating absent lists as empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        roles = try container.decodeIfPresent([String].self, forKey: .roles) ?? []
        groups = try container.decodeIfPresent([String].self, forKey: .groups) ?? []
        tenants = try container.decodeIfPresent([String].self, forKey: .tenants) ?? []
        users = try container.decodeIfPresent([String].self, forKey: .users) ?? []
        emails = try container.decodeIfPresent([String].self, forKey: .emails) ?? []
    }

    /// Encodes only the lists that have entries, to keep the manifest small and readable.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        for (key, values) in [(CodingKeys.roles, roles), (.groups, groups), (.tenants, tenants), (.users, users)]
        where !values.isEmpty {
            try container.encode(values, forKey: key)
        }
        if !emails.isEmpty { try container.encode(emails, forKey: .emails) }
    }
}

extension AccessRule: Codable {
    private enum Keyword: String {
        case `public`
        case signedIn = "signed-in"
    }

    /// Decodes `"public"`, `"signed-in"` or a requirement object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let keyword = try? container.decode(String.self) {
            switch Keyword(rawValue: keyword) {
            case .public: self = .public
            case .signedIn: self = .signedIn
            case nil:
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "unknown access rule '\(keyword)': use public, signed-in or a requirement object"
                )
            }
            return
        }
        self = .restricted(try container.decode(Requirement.self))
    }

    /// Encodes the keyword form for `public` and `signed-in`, an object otherwise.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .public: try container.encode(Keyword.public.rawValue)
        case .signedIn: try container.encode(Keyword.signedIn.rawValue)
        case .restricted(let requirement): try container.encode(requirement)
        }
    }
}
