import Testing

@testable import AccessRules

@Suite("Rule implication")
struct AccessRuleImplicationTests {
    private static let finance = AccessRule.restricted(Requirement(roles: ["Finance.Read"]))
    private static let financeOrAudit = AccessRule.restricted(Requirement(roles: ["Finance.Read", "Audit.Read"]))
    private static let audit = AccessRule.restricted(Requirement(roles: ["Audit.Read"]))
    private static let group = AccessRule.restricted(Requirement(groups: ["5F1C2E4A-0B6D-4C8E-9F1A-2B3C4D5E6F70"]))
    private static let sameGroupLowercase = AccessRule.restricted(
        Requirement(groups: ["5f1c2e4a-0b6d-4c8e-9f1a-2b3c4d5e6f70"]))
    private static let ann = AccessRule.restricted(Requirement(users: ["0A1B"]))
    private static let annOrBob = AccessRule.restricted(Requirement(users: ["0a1b", "0c2d"]))
    private static let financeOrGroup = AccessRule.restricted(
        Requirement(roles: ["Finance.Read"], groups: ["5f1c2e4a-0b6d-4c8e-9f1a-2b3c4d5e6f70"]))
    private static let financeOrAnn = AccessRule.restricted(Requirement(roles: ["Finance.Read"], users: ["0a1b"]))
    private static let tenant = AccessRule.restricted(Requirement(tenants: ["T1"]))
    private static let email = AccessRule.restricted(Requirement(emails: ["Ann@Example.com"]))

    @Test("A rule implies another when everyone it admits is admitted by the other")
    func implication() {
        let cases: [(AccessRule, AccessRule, Bool)] = [
            (.public, .public, true),
            (.public, .signedIn, false),
            (.public, Self.finance, false),
            (.signedIn, .public, true),
            (.signedIn, .signedIn, true),
            (.signedIn, Self.finance, false),
            (Self.finance, .public, true),
            (Self.finance, .signedIn, true),
            (Self.finance, Self.finance, true),
            (Self.finance, Self.financeOrAudit, true),
            (Self.financeOrAudit, Self.finance, false),
            (Self.finance, Self.audit, false),
            (Self.group, Self.sameGroupLowercase, true),
            (Self.finance, Self.group, false),
            (Self.group, Self.finance, false),
            (Self.ann, Self.annOrBob, true),
            (Self.annOrBob, Self.ann, false),
            (Self.ann, .signedIn, true),
            (.signedIn, Self.ann, false),
            (Self.tenant, .signedIn, true),
            (Self.email, Self.email, true),
            (Self.email, Self.ann, false),
        ]
        for (rule, other, expected) in cases {
            #expect(rule.implies(other) == expected, "\(rule.summary) → \(other.summary)")
        }
    }

    @Test("A combined rule implies another only when each of its conditions is one of the other's")
    func combinedRules() {
        let cases: [(AccessRule, AccessRule, Bool)] = [
            (Self.finance, Self.financeOrGroup, true),
            (Self.group, Self.financeOrGroup, true),
            (Self.financeOrGroup, Self.finance, false),
            (Self.financeOrGroup, Self.group, false),
            (Self.financeOrGroup, Self.financeOrGroup, true),
            (Self.financeOrAnn, Self.financeOrGroup, false),
            (Self.financeOrGroup, Self.financeOrAnn, false),
            (Self.financeOrAnn, .signedIn, true),
            (Self.financeOrAnn, .public, true),
        ]
        for (rule, other, expected) in cases {
            #expect(rule.implies(other) == expected, "\(rule.summary) → \(other.summary)")
        }
    }

    @Test("Roles are compared with their case, as the auth handler does; a rule without a condition admits no one")
    func caseAndEmptyRules() {
        let lowercaseRole = AccessRule.restricted(Requirement(roles: ["finance.read"]))
        #expect(!Self.finance.implies(lowercaseRole))
        #expect(!lowercaseRole.implies(Self.finance))
        let noOne = AccessRule.restricted(Requirement())
        #expect(noOne.implies(Self.finance))
        #expect(!Self.finance.implies(noOne))
    }
}
