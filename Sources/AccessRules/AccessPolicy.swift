/// The outcome of an access check, as the auth handler answers nginx.
public enum AccessDecision: Equatable, Sendable {
    /// Serve it (204).
    case allow
    /// Not signed in, and the path needs sign-in (401).
    case signInRequired
    /// Signed in, but the rule does not admit this user (403); carries the rule for the 403 page.
    case forbidden(AccessRule?)
}

/// What to do with a path the manifest does not list (a file copied into the output by hand, a mistyped URL).
public enum UnknownPathPolicy: String, Sendable, CaseIterable {
    /// Refuse: 401 when signed out, 403 when signed in. The safe default.
    case deny
    /// Treat it like `signed-in`, so nginx can answer its own 404.
    case signedIn = "signed-in"
}

/// A manifest prepared for lookups: each decision is one normalisation and one hash lookup, with no I/O.
public struct AccessPolicy: Sendable {
    private let rules: [AccessRule]
    /// `rules`' ids, in their order.
    private let ruleIDs: [String]
    private let ruleOfPath: [String: Int]
    private let unknownPaths: UnknownPathPolicy
    private let emailRulesAllowed: Bool

    /// Prepares a manifest; fails when its version or indices are not ones this code understands, or when two of its
    /// rules share an id.
    public init(manifest: AccessManifest, unknownPaths: UnknownPathPolicy, emailRulesAllowed: Bool) throws {
        guard manifest.version == AccessManifest.currentVersion else {
            throw ManifestError(
                "access manifest version \(manifest.version) is not supported (expected "
                    + "\(AccessManifest.currentVersion)); rebuild the site with this version of sitegen"
            )
        }
        if let bad = manifest.paths.first(where: { !manifest.rules.indices.contains($0.value.rule) }) {
            throw ManifestError(
                "access manifest entry for '\(bad.key)' names rule \(bad.value.rule), which does not exist")
        }
        rules = manifest.rules
        ruleIDs = try manifest.ruleIDs()
        // Keys in the form `normalize` gives; escaping is one-to-one, so no two keys become one.
        ruleOfPath = Dictionary(
            uniqueKeysWithValues: manifest.paths.map { (RequestPath.escaped($0.key), $0.value.rule) })
        self.unknownPaths = unknownPaths
        self.emailRulesAllowed = emailRulesAllowed
    }

    /// The rule governing a raw request URI, or nil when the path is unknown or malformed.
    public func rule(forURI uri: String) -> AccessRule? {
        guard let path = RequestPath.normalize(uri) else { return nil }
        if let number = ruleOfPath[path] { return rules[number] }
        // nginx answers `/guide` with a redirect to `/guide/`, so it inherits the rule of what it redirects to.
        if !path.hasSuffix("/"), let number = ruleOfPath[path + "/"] { return rules[number] }
        return nil
    }

    /// Decides whether a reader (nil when signed out) may read a raw request URI. Under `unknownPaths = .signedIn` an
    /// unlisted path is open to signed-in readers, except what builds keep beside the pages (`.sitegen/`, whose
    /// manifest names every restricted path), whichever web server passed the path and however it cleaned it.
    public func decide(uri: String, identity: Identity?) -> AccessDecision {
        let rule =
            rule(forURI: uri)
            ?? (unknownPaths == .signedIn && RequestPath.normalize(uri).map(Self.isPublishable) == true
                ? .signedIn : nil)
        guard let rule else { return identity == nil ? .signInRequired : .forbidden(nil) }
        if rule.allows(identity, emailRulesAllowed: emailRulesAllowed) { return .allow }
        return identity == nil ? .signInRequired : .forbidden(rule)
    }

    /// Whether the normalised `path` may be a page or file of the site: no folder of it is the builds' own.
    private static func isPublishable(_ path: String) -> Bool {
        !path.split(separator: "/").contains { $0 == AccessManifest.folder }
    }

    /// The rules this reader satisfies, for the theme to hide navigation entries it cannot open.
    public func satisfiedRules(by identity: Identity?) -> SatisfiedRules {
        SatisfiedRules(
            rules.indices.filter { rules[$0].allows(identity, emailRulesAllowed: emailRulesAllowed) }.map {
                ruleIDs[$0]
            })
    }

    /// Every rule of the manifest, as the preview's reader who satisfies them all has them.
    public var everyRule: SatisfiedRules {
        SatisfiedRules(ruleIDs)
    }
}

/// A manifest that cannot be used, with a message saying why and what to do.
public struct ManifestError: Error, CustomStringConvertible, Sendable {
    /// The human-readable reason.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
