extension AccessRule {
    /// True when every reader this rule admits is certainly admitted by `other` too, whatever the reader's
    /// claims: a page under this rule may then link `other`'s pages without an SSI condition and show their
    /// titles in its search results, and a page moving from `other` to this rule loses no protection while
    /// the rules change (the build's interim manifest).
    ///
    /// Conservative: a restricted rule admits a reader who meets any one of its conditions, so it implies
    /// another restricted rule only when each of its conditions is also one of the other's; any other overlap
    /// (a role that only the members of a group hold, say) is not known here and counts as no implication.
    ///
    /// ```swift
    /// AccessRule.restricted(Requirement(roles: ["A"])).implies(.restricted(Requirement(roles: ["A", "B"])))  // true
    /// AccessRule.signedIn.implies(.restricted(Requirement(roles: ["A"])))  // false
    /// ```
    public func implies(_ other: AccessRule) -> Bool {
        switch (self, other) {
        case (_, .public), (.signedIn, .signedIn), (.restricted, .signedIn):
            return true
        case (.restricted(let mine), .restricted(let theirs)):
            return Set(mine.roles).isSubset(of: theirs.roles)
                && Self.lowercased(mine.groups).isSubset(of: Self.lowercased(theirs.groups))
                && Self.lowercased(mine.tenants).isSubset(of: Self.lowercased(theirs.tenants))
                && Self.lowercased(mine.users).isSubset(of: Self.lowercased(theirs.users))
                && Self.lowercased(mine.emails).isSubset(of: Self.lowercased(theirs.emails))
        default:
            return false
        }
    }

    /// Groups, tenants, users and emails are compared without case, as `Requirement.isMet` does.
    private static func lowercased(_ values: [String]) -> Set<String> {
        Set(values.map { $0.lowercased() })
    }
}
