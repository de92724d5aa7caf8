extension Session {
    /// The session for validated ID token claims; `SessionRegistry.start` gives it its id and times. Groups are kept
    /// only when the access rules use them (`keepingGroups`).
    init(claims: [String: JSONValue], keepingGroups: Bool) {
        func text(_ name: String) -> String { claims[name]?.stringValue ?? "" }
        func list(_ name: String) -> [String] { claims[name]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        let subject = text("sub")
        self.init(
            id: "",
            tenantID: text("tid"),
            objectID: claims["oid"]?.stringValue ?? subject,
            subject: subject,
            name: text("name"),
            preferredUsername: text("preferred_username"),
            email: text("email"),
            roles: list("roles"),
            groups: keepingGroups ? list("groups") : [],
            loginHint: claims["login_hint"]?.stringValue,
            providerSessionID: claims["sid"]?.stringValue,
            issuedAt: 0,
            expiresAt: 0
        )
    }
}
