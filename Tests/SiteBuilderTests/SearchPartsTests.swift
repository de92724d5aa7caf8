import AccessRules
import Testing

@testable import SiteBuilder

@Suite("The search index's split into one part per access rule")
struct SearchPartsTests {
    private static let finance = AccessRule.restricted(Requirement(roles: ["Finance.Read"]))
    private static let financeOrAudit = AccessRule.restricted(Requirement(roles: ["Finance.Read", "Audit.Read"]))
    private static let audit = AccessRule.restricted(Requirement(roles: ["Audit.Read"]))

    private static func page(
        _ url: String,
        rule: AccessRule,
        number: Int,
        sections: [(String, AccessRule)] = []
    ) -> SearchablePage {
        SearchablePage(
            url: url, title: "Title of \(url)", contentHTML: "<p>Text of \(url)</p>", rule: rule, ruleNumber: number,
            sections: sections.map { SearchablePage.Section(title: $0.0, rule: $0.1) })
    }

    @Test("Each page goes to the part of its own rule, and to no other")
    func pagesGoToTheirRulesPart() {
        let parts = SearchParts.split([
            Self.page("/", rule: .public, number: 0),
            Self.page("/guide/", rule: .signedIn, number: 2),
            Self.page("/finance/", rule: Self.finance, number: 1),
            Self.page("/finance/report/", rule: Self.finance, number: 1, sections: [("Finance", Self.finance)]),
            Self.page("/guide/setup/", rule: .signedIn, number: 2, sections: [("Guide", .signedIn)]),
        ])
        #expect(parts.map(\.ruleNumber) == [0, 1, 2])
        #expect(
            parts.map { $0.documents.map(\.url) } == [
                ["/"], ["/finance/", "/finance/report/"], ["/guide/", "/guide/setup/"],
            ])
        for part in parts {
            for document in part.documents {
                #expect(document.title == "Title of \(document.url)")
                #expect(document.contentHTML == "<p>Text of \(document.url)</p>")
            }
        }
    }

    @Test("A breadcrumb names a section only when every reader of the page may open it")
    func breadcrumbsHideSectionsSomeReadersMayNotOpen() {
        let parts = SearchParts.split([
            Self.page("/finance/contact/", rule: .public, number: 0, sections: [("Finance", Self.finance)]),
            Self.page("/guide/faq/", rule: .public, number: 0, sections: [("Guide", .signedIn)]),
            Self.page("/open/", rule: .public, number: 0, sections: [("Open", .public)]),
            Self.page("/guide/finance/", rule: Self.finance, number: 1, sections: [("Guide", .signedIn)]),
            Self.page("/finance/audit/", rule: Self.audit, number: 3, sections: [("Finance", Self.finance)]),
            Self.page("/books/", rule: Self.finance, number: 1, sections: [("Books", Self.financeOrAudit)]),
            Self.page("/x/y/", rule: .signedIn, number: 2, sections: [("X", .public), ("Y", Self.finance)]),
        ])
        let breadcrumbs = parts.flatMap(\.documents).map(\.breadcrumb)
        #expect(
            breadcrumbs == [
                ["…"], ["…"], ["Open"],
                ["Guide"], ["Books"],
                ["X", "…"],
                ["…"],
            ])
        let publicPart = parts.first { $0.ruleNumber == 0 }
        #expect(
            publicPart?.documents.allSatisfy { !$0.breadcrumb.contains("Finance") && !$0.breadcrumb.contains("Guide") }
                == true)
    }

    @Test("A rule implies another when everyone it admits is admitted by the other")
    func implication() {
        let groupRule = AccessRule.restricted(Requirement(groups: ["5F1C2E4A-0B6D-4C8E-9F1A-2B3C4D5E6F70"]))
        let sameGroupLowercase = AccessRule.restricted(Requirement(groups: ["5f1c2e4a-0b6d-4c8e-9f1a-2b3c4d5e6f70"]))
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
            (groupRule, sameGroupLowercase, true),
            (Self.finance, groupRule, false),
        ]
        for (rule, other, expected) in cases {
            #expect(rule.implies(other) == expected, "\(rule.summary) → \(other.summary)")
        }
    }
}
