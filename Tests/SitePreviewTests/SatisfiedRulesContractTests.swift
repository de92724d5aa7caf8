import AccessRules
import Testing

@testable import SitePreview

/// The contract between the access check (or the preview) that sets `$sitegen_access` and the build that writes
/// the conditions reading it: the condition of rule N holds for exactly the readers whose value lists N.
@Suite("Satisfied rules: the value and the conditions that read it")
struct SatisfiedRulesContractTests {
    static let finance = AccessRule.restricted(Requirement(roles: ["Finance.Read"]))

    /// Sets of rule numbers where a careless pattern would match the wrong rule: 1 in 11, 21 and 10, 0 in 10.
    static let readers: [[Int]] = [
        [], [0], [1], [11], [21], [10], [1, 11], [0, 10, 100], [2, 12, 21, 120], [11, 12, 13], Array(0...25),
        [3, 30, 31, 103],
    ]

    @Test("the condition of rule N holds exactly when the value lists N", arguments: [0, 1, 2, 3, 10, 11, 12, 21, 100])
    func conditionMatchesExactlyTheValuesHoldingTheRule(number: Int) {
        let condition = SatisfiedRules.condition(forRule: number)
        let page = #"<!--# if expr="\#(condition)" -->yes<!--# else -->no<!--# endif -->"#
        for numbers in Self.readers {
            let value = SatisfiedRules(numbers).value
            let ssi = ServerSideIncludes(variables: [SatisfiedRules.variable: value, SatisfiedRules.userVariable: "u"])
            #expect(ssi.process(page) == (numbers.contains(number) ? "yes" : "no"), "rule \(number), value \(value)")
        }
    }

    @Test("links to signed-in pages are shown to signed-in readers only, whatever the numbers")
    func signedIn() throws {
        let condition = SatisfiedRules.signedInCondition
        let page = #"<!--# if expr="\#(condition)" -->yes<!--# else -->no<!--# endif -->"#
        let value = SatisfiedRules([0, 4]).value
        let signedIn = ServerSideIncludes(variables: [SatisfiedRules.variable: value, SatisfiedRules.userVariable: "u"])
        let anonymous = ServerSideIncludes(variables: [SatisfiedRules.variable: ",0,", SatisfiedRules.userVariable: ""])
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
            let variables = reader.variables(policy: policy, ruleCount: 3)
            #expect(variables[SatisfiedRules.variable] == policy.satisfiedRules(by: identity).value, "\(text)")
        }
    }
}
