import AccessRules

extension AccessRule {
    /// The rule admitting exactly the readers at least one of `rules` admits, which the manifest can say: a
    /// restricted rule admits whoever meets any one of its conditions, so the conditions of several restricted
    /// rules together make one. Nil for no rules.
    static func anyOf(_ rules: [AccessRule]) -> AccessRule? {
        guard !rules.isEmpty else { return nil }
        if rules.contains(.public) { return .public }
        if rules.contains(.signedIn) { return .signedIn }
        var union = Requirement()
        for case .restricted(let requirement) in rules {
            union.roles = merged(union.roles, requirement.roles, caseSensitive: true)
            union.groups = merged(union.groups, requirement.groups)
            union.tenants = merged(union.tenants, requirement.tenants)
            union.users = merged(union.users, requirement.users)
            union.emails = merged(union.emails, requirement.emails)
        }
        return .restricted(union)
    }

    /// `list` followed by the entries of `more` it lacks; only roles are compared with their case, as
    /// `Requirement.isMet` does.
    private static func merged(_ list: [String], _ more: [String], caseSensitive: Bool = false) -> [String] {
        var seen = Set(list.map { caseSensitive ? $0 : $0.lowercased() })
        var result = list
        for entry in more where seen.insert(caseSensitive ? entry : entry.lowercased()).inserted {
            result.append(entry)
        }
        return result
    }
}
