import AccessRules
import Testing

@testable import SitePreview

/// The contract between the access check (or the preview) that sets `$sitegen_access` and the build that writes
/// the conditions reading it: the condition of a rule holds for exactly the readers whose value lists its id.
@Suite("Satisfied rules: the value and the conditions that read it")
struct SatisfiedRulesContractTests {
    static let finance = AccessRule.restricted(Requirement(roles: ["Finance.Read"]))

    /// Ids that share all but one character, or whose halves make up another across the comma between two.
    static let ids = ["aaaaaaaa", "aaaaaaab", "baaaaaaa", "aaaabbbb", "bbbbaaaa", "bbbbbbbb", "aaaaaaa2"]

    /// Sets of rule ids where a careless pattern would match the wrong rule: `,aaaaaaaa,bbbbbbbb,` holds
    /// `aaaabbbb` and `bbbbaaaa` only across the comma.
    static let readers: [[String]] = [
        [], ["aaaaaaaa"], ["aaaaaaab"], ["baaaaaaa"], ["aaaaaaaa", "bbbbbbbb"], ["bbbbbbbb", "aaaaaaaa"],
        ["aaaabbbb", "aaaaaaa2"], ids,
    ]

    @Test("the condition of a rule holds exactly when the value lists its id", arguments: ids)
    func conditionMatchesExactlyTheValuesHoldingTheRule(id: String) {
        let condition = SatisfiedRules.condition(forRule: id)
        let page = #"<!--# if expr="\#(condition)" -->yes<!--# else -->no<!--# endif -->"#
        for ids in Self.readers {
            let value = SatisfiedRules(ids).value
            let ssi = ServerSideIncludes(variables: [SatisfiedRules.variable: value, SatisfiedRules.userVariable: "u"])
            #expect(ssi.process(page) == (ids.contains(id) ? "yes" : "no"), "rule \(id), value \(value)")
        }
    }

    @Test("links to signed-in pages are shown to signed-in readers only, whatever the rules")
    func signedIn() throws {
        let condition = SatisfiedRules.signedInCondition
        let page = #"<!--# if expr="\#(condition)" -->yes<!--# else -->no<!--# endif -->"#
        let value = SatisfiedRules([AccessRule.public.id, Self.finance.id]).value
        let signedIn = ServerSideIncludes(variables: [SatisfiedRules.variable: value, SatisfiedRules.userVariable: "u"])
        let anonymous = ServerSideIncludes(variables: [
            SatisfiedRules.variable: ",\(AccessRule.public.id),", SatisfiedRules.userVariable: "",
        ])
        #expect(signedIn.process(page) == "yes" && anonymous.process(page) == "no")
    }

    @Test("the preview reader's variable is the value the access check would send")
    func previewSetsTheValue() throws {
        var builder = AccessManifestBuilder()
        builder.add(path: "/", rule: .public, source: "site.toml")
        builder.add(path: "/guide/", rule: .signedIn, source: "site.toml")
        builder.add(path: "/finance/", rule: Self.finance, source: "finance/index.md")
        let policy = try AccessPolicy(manifest: builder.manifest, unknownPaths: .deny, emailRulesAllowed: false)
        for text in ["anonymous", "signed-in", "role:Finance.Read"] {
            let reader = try PreviewReader(parsing: text)
            let identity: Identity? = if case .signedIn(let identity) = reader.kind { identity } else { nil }
            let variables = reader.variables(policy: policy)
            #expect(variables[SatisfiedRules.variable] == policy.satisfiedRules(by: identity).value, "\(text)")
        }
    }
}
