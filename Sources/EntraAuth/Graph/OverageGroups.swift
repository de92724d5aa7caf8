/// Fills in the groups Entra left out of an ID token (groups overage) from Microsoft Graph, when the site's rules
/// use groups; a sign-in (and a re-check) calls it with the access token that came with the ID token.
///
/// Entra leaves `groups` out of an ID token for a reader in more than 200 groups and says so with
/// `_claim_names.groups` (`hasgroups: true` in tokens sent through the browser). Such a reader's session must never
/// look like one without groups: either Graph lists them, or the sign-in is refused with a page saying why.
struct OverageGroups: Sendable {
    let graph: GraphGroups
    let manifest: ManifestStore

    /// Whether Entra says it left the groups out.
    static func leftOut(_ claims: [String: JSONValue]) -> Bool {
        claims["_claim_names"]?.objectValue?["groups"] != nil || claims["hasgroups"]?.boolValue == true
    }

    /// `claims` with `groups` set to the reader's groups that the rules name, from Graph, when Entra left them out
    /// and the rules use groups; otherwise `claims` unchanged (a session keeps groups only when rules use them).
    /// Only named groups are kept: a reader may be in thousands, and the session record holds what checks need.
    func completing(_ claims: [String: JSONValue], accessToken: String?) throws -> [String: JSONValue] {
        guard Self.leftOut(claims), manifest.usesGroups else { return claims }
        guard let accessToken, !accessToken.isEmpty else {
            throw AuthError(
                .groupsOverage,
                "Entra left the groups out of the ID token (overage) and sent no access token to ask Microsoft Graph")
        }
        let named = manifest.namedGroups
        let groups = try graph.memberGroups(accessToken: accessToken).filter { named.contains($0.lowercased()) }
        var completed = claims
        completed["groups"] = .array(groups.map(JSONValue.string))
        return completed
    }
}
