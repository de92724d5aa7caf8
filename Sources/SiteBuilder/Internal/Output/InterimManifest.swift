import AccessRules

/// The access rules published for the moment a build changes pages: for each path, the stricter of its rule
/// before and after the build, so a page never reaches a reader under the rule it had before while its new
/// text is already out.
///
/// `sitegen-auth` reads the manifest about once a second, and pages are renamed into place before the new
/// manifest. A page that turns from public to `Finance.Read` would otherwise be served to everyone, with its
/// new text, for up to that second. Publishing these rules first, then waiting for them to be read, closes that
/// moment; a rule that is looser after the build needs nothing, since its page changes before the rule does.
///
/// The pages served meanwhile, old and new, find the rules a reader satisfies (`X-Auth-Access`) by the rules' ids,
/// which do not depend on which manifest lists them, so a build stopped during the wait can leave the interim in
/// force.
enum InterimManifest {
    /// The interim rules, or nil when the rules in force already protect every path as well as its new rule
    /// does (nothing got stricter, and no new path is restricted).
    static func between(current: AccessManifest, new: AccessManifest) -> AccessManifest? {
        guard anyStricter(current: current, new: new) else { return nil }
        var builder = AccessManifestBuilder()
        for (path, entry) in current.paths {
            let rule = current.rules[entry.rule]
            guard let next = new.paths[path] else {
                builder.add(path: path, rule: rule, source: current.sources[entry.source])
                continue
            }
            builder.add(path: path, rule: stricterOf(rule, new.rules[next.rule]), source: new.sources[next.source])
        }
        for (path, entry) in new.paths where current.paths[path] == nil {
            builder.add(path: path, rule: new.rules[entry.rule], source: new.sources[entry.source])
        }
        return builder.manifest
    }

    /// Whether some path's new rule is stricter than its rule in force, or a new path is restricted (a path the old
    /// manifest does not list falls under `unknown_paths`, which may be "signed-in"): looked at before the interim
    /// is made, since nearly every build changes no rule. A manifest has a few rules, so which of the rules in
    /// force some new rule is stricter than is worked out first, and only the paths under those are looked up (on
    /// most sites, the public ones), each pair of rules weighed once; then, if a new rule is restricted, the
    /// paths under it.
    private static func anyStricter(current: AccessManifest, new: AccessManifest) -> Bool {
        let mayTighten = current.rules.map { old in new.rules.contains { stricterOf(old, $0) != old } }
        var weighed: Set<RulePair> = []
        for (path, entry) in current.paths where mayTighten[entry.rule] {
            guard let next = new.paths[path], weighed.insert(RulePair(old: entry.rule, new: next.rule)).inserted
            else { continue }
            let rule = current.rules[entry.rule]
            if stricterOf(rule, new.rules[next.rule]) != rule { return true }
        }
        let restricted = new.rules.map { if case .restricted = $0 { true } else { false } }
        guard restricted.contains(true) else { return false }
        return new.paths.contains { path, entry in restricted[entry.rule] && current.paths[path] == nil }
    }

    /// A path's rule in force and its new rule, by their numbers in their manifests.
    private struct RulePair: Hashable {
        let old: Int
        let new: Int
    }

    /// The rule admitting only readers both rules admit; when neither implies the other, no reader, which the
    /// manifest can say (a requirement with no condition), while it cannot say "both".
    static func stricterOf(_ old: AccessRule, _ new: AccessRule) -> AccessRule {
        if old.implies(new) { return old }
        if new.implies(old) { return new }
        return .restricted(Requirement())
    }
}
