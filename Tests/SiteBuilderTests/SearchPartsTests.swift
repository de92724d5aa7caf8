import AccessRules
import Testing

@testable import SiteBuilder

@Suite("The search index's split into one part per access rule, and of large parts into shards")
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
        #expect(parts.map(\.shard) == [0, 0, 0], "small parts are not split")
        #expect(parts.map(\.folder) == ["_search/0/0/", "_search/1/0/", "_search/2/0/"])
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

    @Test("A part has the fewest shards, a power of two, that leave each at most so many pages on average")
    func shardCounts() {
        let cases: [(pages: Int, shards: Int)] = [(0, 1), (1, 1), (10, 1), (11, 2), (20, 2), (21, 4), (40, 4), (41, 8)]
        for (pages, shards) in cases {
            #expect(SearchParts.shardCount(pages: pages, pagesPerShard: 10) == shards, "\(pages) pages")
        }
        #expect(SearchParts.shardCount(pages: 10_000) == 8, "the bench corpus: 1,250 pages a shard")
    }

    @Test("Shards hold every page of their rule once, none of another rule, and are numbered without gaps")
    func shardsCoverTheirRule() {
        let pages =
            (0..<100).map { Self.page("/guide/page-\($0)/", rule: .signedIn, number: 2) }
            + (0..<30).map { Self.page("/finance/page-\($0)/", rule: Self.finance, number: 1) }
            + [Self.page("/", rule: .public, number: 0)]
        let parts = SearchParts.split(pages, pagesPerShard: 10)
        let byRule = Dictionary(grouping: parts, by: \.ruleNumber)
        #expect(byRule[0]?.count == 1)
        #expect(byRule[1]?.map(\.shard) == [0, 1, 2, 3])
        #expect(byRule[2]?.map(\.shard) == Array(0..<16))
        #expect(Set(byRule[2]?.flatMap(\.documents).map(\.url) ?? []) == Set((0..<100).map { "/guide/page-\($0)/" }))
        #expect(byRule[2]?.flatMap(\.documents).count == 100, "no page in two shards")
        #expect(byRule[1]?.flatMap(\.documents).allSatisfy { $0.url.hasPrefix("/finance/") } == true)
        #expect(parts.allSatisfy { !$0.documents.isEmpty })
        #expect(Set(parts.map(\.folder)).count == parts.count)
    }

    @Test("A page's shard follows from its URL: adding a page changes one shard and leaves the others alone")
    func shardsAreStable() {
        let pages = (0..<60).map { Self.page("/guide/page-\($0)/", rule: .signedIn, number: 2) }
        let before = SearchParts.split(pages, pagesPerShard: 10)
        let after = SearchParts.split(pages + [Self.page("/guide/new/", rule: .signedIn, number: 2)], pagesPerShard: 10)
        #expect(before.count == 8 && after.count == 8)
        let changed = zip(before, after).filter { $0 != $1 }
        #expect(changed.count == 1)
        #expect(changed.first?.1.documents.map(\.url).contains("/guide/new/") == true)
        #expect(
            SearchParts.split(pages.reversed(), pagesPerShard: 10).map { Set($0.documents.map(\.url)) }
                == before.map { Set($0.documents.map(\.url)) }, "the order pages come in does not move them")
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
}
