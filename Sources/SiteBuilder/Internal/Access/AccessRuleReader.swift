import AccessRules
import TextTools

/// Checks a written access rule and turns it into an `AccessRule`. Every mistake is a problem that
/// names its line and says what to write instead.
struct AccessRuleReader {
    /// Where the rule is written; the two files spell their examples differently.
    enum Syntax {
        case frontMatter
        case siteTOML

        /// A complete restricted rule.
        var example: String {
            switch self {
            case .frontMatter: "access: { roles: [Finance.Read] }"
            case .siteTOML: "access = { roles = [\"Finance.Read\"] }"
            }
        }

        /// One key with a list of one value.
        func list(_ key: String, _ value: String) -> String {
            switch self {
            case .frontMatter: "\(key): [\(value)]"
            case .siteTOML: "\(key) = [\"\(value)\"]"
            }
        }
    }

    /// The keys of a restricted rule, in the order they are listed in messages.
    static let keys = ["roles", "groups", "tenants", "users", "emails"]
    private static let keyList = "roles, groups, tenants, users or emails"

    let file: String
    let syntax: Syntax

    /// The rule, or nil with every problem found; `line` is the line of the `access` key.
    func read(_ written: WrittenAccessRule, line: Int) -> (AccessRule?, [Problem]) {
        switch written {
        case .keyword(let word):
            return keyword(word, line: line)
        case .mapping(let keys):
            return requirement(keys, line: line)
        case .other:
            let message = "'access' must be public, signed-in, or a mapping of \(Self.keyList), e.g. \(syntax.example)"
            return (nil, [Problem(file: file, line: line, message: message)])
        }
    }

    private func keyword(_ word: String, line: Int) -> (AccessRule?, [Problem]) {
        switch word {
        case "public": return (.public, [])
        case "signed-in": return (.signedIn, [])
        default:
            let guess = ClosestName.suggestion(for: word, among: ["public", "signed-in"])
            let message =
                "unknown access rule '\(word)'\(guess); use public, signed-in, or a mapping of \(Self.keyList), "
                + "e.g. \(syntax.example)"
            return (nil, [Problem(file: file, line: line, message: message)])
        }
    }

    private func requirement(_ keys: [WrittenAccessRule.Key], line: Int) -> (AccessRule?, [Problem]) {
        var lists: [String: [String]] = [:]
        var problems: [Problem] = []
        for key in keys {
            guard Self.keys.contains(key.name) else {
                let guess = ClosestName.suggestion(for: key.name, among: Self.keys)
                let message =
                    "unknown key '\(key.name)' in access\(guess); the keys are roles, groups, tenants, users and emails"
                problems.append(Problem(file: file, line: key.line, message: message))
                continue
            }
            guard let entries = key.entries else {
                let message = "'\(key.name)' must be a list, e.g. \(syntax.list(key.name, Self.sample(for: key.name)))"
                problems.append(Problem(file: file, line: key.line, message: message))
                continue
            }
            var values: [String] = []
            for entry in entries {
                if let message = Self.problem(with: entry, in: key.name) {
                    problems.append(Problem(file: file, line: entry.line, message: message))
                } else if let text = entry.text {
                    values.append(text)
                }
            }
            lists[key.name] = values
        }
        guard problems.isEmpty else { return (nil, problems) }
        let requirement = Requirement(
            roles: lists["roles"] ?? [], groups: lists["groups"] ?? [], tenants: lists["tenants"] ?? [],
            users: lists["users"] ?? [], emails: lists["emails"] ?? [])
        guard !requirement.isEmpty else {
            let message =
                "this access rule lists no \(Self.keyList), so nobody could read what it covers; "
                + "list at least one, or use signed-in"
            return (nil, [Problem(file: file, line: line, message: message)])
        }
        return (.restricted(requirement), [])
    }

    /// What is wrong with one entry of the list `key`, or nil when it is fine.
    private static func problem(with entry: WrittenAccessRule.Entry, in key: String) -> String? {
        guard let text = entry.text else {
            return "'\(key)' lists \(entry.written), which is not text; write each entry as text, in quotes if need be"
        }
        if text.allSatisfy(\.isWhitespace) { return "'\(key)' lists an empty entry; remove it" }
        switch key {
        case "groups" where !EntraObjectID.isValid(text):
            return "'\(text)' is not a group object id; Entra names groups by object id, a GUID such as "
                + "\(EntraObjectID.example), shown on the group's overview page in the Entra admin center "
                + "(to grant access by a name, define an app role and use roles)"
        case "tenants" where !EntraObjectID.isValid(text):
            return "'\(text)' is not a tenant id; use the directory (tenant) id, a GUID such as "
                + "\(EntraObjectID.example), shown on the overview page of Microsoft Entra ID"
        case "users" where !EntraObjectID.isValid(text):
            return "'\(text)' is not a user object id; use the user's object id (oid), a GUID such as "
                + "\(EntraObjectID.example), shown on the user's overview page in the Entra admin center "
                + "(to grant access by address, use emails)"
        case "emails" where !isAddress(text):
            return "'\(text)' is not an email address or user principal name; write it in full, e.g. ann@contoso.com"
        default:
            return nil
        }
    }

    private static func isAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty } && !text.contains(where: \.isWhitespace)
    }

    /// A valid entry of the list `key`, for examples.
    static func sample(for key: String) -> String {
        switch key {
        case "roles": "Finance.Read"
        case "emails": "ann@contoso.com"
        default: EntraObjectID.example
        }
    }
}
