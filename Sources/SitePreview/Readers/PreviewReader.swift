public import AccessRules
import TextTools

/// The reader the preview shows the site to, as `--reader` names them: the variables nginx would set
/// for their requests, and whether they may open a path.
///
/// ```swift
/// try PreviewReader(parsing: "all")                          // every rule satisfied (the default)
/// try PreviewReader(parsing: "anonymous")                    // not signed in
/// try PreviewReader(parsing: "signed-in")                    // signed in, no roles or groups
/// try PreviewReader(parsing: "role:Finance.Read,group:5f1c2e4a-0b6d-4c8e-9f1a-2b3c4d5e6f70")
/// ```
public struct PreviewReader: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// A reader every rule admits, to see the whole site.
        case everyone
        case anonymous
        case signedIn(Identity)
    }

    /// A `--reader` value that names no reader, with what to write instead.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let kind: Kind
    /// How the preview's terminal line and the theme's greeting name the reader.
    public let name: String

    /// The object id a signed-in preview reader has unless `user:` gives one.
    static let previewObjectID = "00000000-0000-4000-8000-000000000000"

    public static let everyone = PreviewReader(kind: .everyone, name: "Preview reader")

    private init(kind: Kind, name: String) {
        self.kind = kind
        self.name = name
    }

    /// Reads `all`, `anonymous`, `signed-in`, or a comma-separated list of `role:VALUE`, `group:OBJECT-ID`,
    /// `user:OBJECT-ID`, `email:ADDRESS` and `tenant:TENANT-ID`.
    public init(parsing text: String) throws(Failure) {
        switch text {
        case "all":
            self = .everyone
            return
        case "anonymous":
            self.init(kind: .anonymous, name: "")
            return
        case "signed-in":
            self.init(kind: .signedIn(Self.identity()), name: "Preview reader")
            return
        default:
            break
        }
        var identity = Self.identity()
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.split(separator: ":", maxSplits: 1).map { String($0).trimmed }
            guard parts.count == 2, !parts[1].isEmpty else {
                throw Self.failure(
                    for: String(item), guess: ClosestName.suggestion(for: String(item), among: Self.keywords))
            }
            switch parts[0] {
            case "role": identity.roles.append(parts[1])
            case "group": identity.groups.append(parts[1])
            case "user": identity.objectID = parts[1]
            case "email": identity.emails.append(parts[1])
            case "tenant": identity.tenantID = parts[1]
            default:
                throw Self.failure(for: String(item), guess: ClosestName.suggestion(for: parts[0], among: Self.kinds))
            }
        }
        self.init(kind: .signedIn(identity), name: "Preview reader (\(text))")
    }

    private static func identity() -> Identity {
        Identity(tenantID: "", objectID: previewObjectID, roles: [], groups: [], emails: [])
    }

    private static let keywords = ["all", "anonymous", "signed-in"]
    private static let kinds = ["role", "group", "user", "email", "tenant"]

    private static func failure(for item: String, guess: String) -> Failure {
        Failure(
            description:
                "'\(item)' names no reader\(guess); use all, anonymous, signed-in, or role:NAME, group:OBJECT-ID, "
                + "user:OBJECT-ID, email:ADDRESS, tenant:TENANT-ID, several joined with commas")
    }

    /// `all`, `anonymous` or what `--reader` said, for the terminal.
    public var description: String {
        switch kind {
        case .everyone: "all (every access rule satisfied)"
        case .anonymous: "anonymous (not signed in)"
        case .signedIn: name
        }
    }

    /// What the reader may do with a request for `uri` under `policy`.
    func decision(forURI uri: String, policy: AccessPolicy) -> AccessDecision {
        switch kind {
        case .everyone: .allow
        case .anonymous: policy.decide(uri: uri, identity: nil)
        case .signedIn(let identity): policy.decide(uri: uri, identity: identity)
        }
    }

    /// The variables nginx sets from sitegen-auth's answer for this reader (see `deploy/nginx/sitegen-auth.conf`):
    /// `sitegen_access` lists the ids of the rules they satisfy (see `SatisfiedRules`).
    func variables(policy: AccessPolicy) -> [String: String] {
        let satisfied: SatisfiedRules
        var variables: [String: String] = [:]
        switch kind {
        case .everyone:
            satisfied = policy.everyRule
            variables[SatisfiedRules.userVariable] = Self.previewObjectID
            variables["sitegen_name"] = name
        case .anonymous:
            satisfied = policy.satisfiedRules(by: nil)
        case .signedIn(let identity):
            satisfied = policy.satisfiedRules(by: identity)
            variables[SatisfiedRules.userVariable] = identity.objectID
            variables["sitegen_name"] = name
            variables["sitegen_email"] = identity.emails.first
            variables["sitegen_roles"] = identity.roles.joined(separator: ",")
        }
        variables[SatisfiedRules.variable] = satisfied.value
        for name in ["sitegen_user", "sitegen_name", "sitegen_email", "sitegen_roles", "sitegen_required"]
        where variables[name] == nil {
            variables[name] = ""
        }
        return variables
    }
}

extension String {
    fileprivate var trimmed: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
