import AccessRules
import Testing

@Suite("Rule ids: the same rule has the same id everywhere, distinct rules distinct ids")
struct RuleIDTests {
    /// Two rules whose ids are equal, found by trying `RoleN` names until two met.
    static let collidingRoles = ("Role640019", "Role1564560")

    @Test("ids are worked out from the rule alone: the same on every machine and in every build")
    func pinned() {
        #expect(AccessRule.public.id == "dzotypzq")
        #expect(AccessRule.signedIn.id == "srtymdq4")
        #expect(AccessRule.restricted(Requirement(roles: ["Finance.Read"])).id == "wtehfewa")
    }

    @Test("an id is eight characters a condition and a folder name can hold")
    func alphabet() {
        let rules: [AccessRule] = [
            .public, .signedIn, .restricted(Requirement()), .restricted(Requirement(emails: ["ann@example.com"])),
            .restricted(Requirement(roles: ["Ünïcode role"], tenants: ["72f988bf-86f1-41af-91ab-2d7cd011db47"])),
        ]
        for rule in rules {
            #expect(rule.id.count == 8 && rule.id.allSatisfy { "abcdefghijklmnopqrstuvwxyz234567".contains($0) })
        }
    }

    @Test("rules that differ in any way have different ids, however their names are written")
    func distinct() {
        let rules: [AccessRule] = [
            .public, .signedIn, .restricted(Requirement()),
            .restricted(Requirement(roles: ["A", "B"])), .restricted(Requirement(roles: ["B", "A"])),
            .restricted(Requirement(roles: ["A"])), .restricted(Requirement(groups: ["A"])),
            .restricted(Requirement(tenants: ["A"])), .restricted(Requirement(users: ["A"])),
            .restricted(Requirement(emails: ["A"])), .restricted(Requirement(roles: ["A", "B"], groups: ["A"])),
            // A name holding what separates two names, or a list's key.
            .restricted(Requirement(roles: [#"A" "B"#])), .restricted(Requirement(roles: ["A;groups= \"A\""])),
            .restricted(Requirement(roles: ["public"])), .restricted(Requirement(roles: [""])),
        ]
        #expect(Set(rules.map(\.id)).count == rules.count)
    }

    @Test("a manifest whose rules share an id is refused, naming both rules")
    func collision() throws {
        let (first, second) = Self.collidingRoles
        let rules: [AccessRule] = [
            .public, .restricted(Requirement(roles: [first])), .restricted(Requirement(roles: [second])),
        ]
        #expect(rules[1].id == rules[2].id)
        let manifest = AccessManifest(
            rules: rules, sources: ["site.toml"],
            paths: ["/": .init(rule: 0, source: 0), "/a/": .init(rule: 1, source: 0), "/b/": .init(rule: 2, source: 0)])
        #expect {
            try manifest.ruleIDs()
        } throws: { error in
            "\(error)".contains("roles: \(first)") && "\(error)".contains("roles: \(second)")
                && "\(error)".contains("share the id \(rules[1].id)")
        }
        #expect(throws: ManifestError.self) {
            try AccessPolicy(manifest: manifest, unknownPaths: .deny, emailRulesAllowed: false)
        }
        let apart = AccessManifest(rules: Array(rules.prefix(2)), sources: ["site.toml"], paths: [:])
        #expect(try apart.ruleIDs() == [AccessRule.public.id, rules[1].id])
    }
}
