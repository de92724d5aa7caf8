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
        sections: [(String, AccessRule)] = []
    ) -> SearchablePage {
        SearchablePage(
            url: url, title: "Title of \(url)", contentHTML: "<p>Text of \(url)</p>", rule: rule, ruleID: rule.id,
            sections: sections.map { SearchablePage.Section(title: $0.0, rule: $0.1) })
    }

    @Test("Each page goes to the part of its own rule, and to no other")
    func pagesGoToTheirRulesPart() {
        let parts = SearchParts.split([
            Self.page("/", rule: .public),
            Self.page("/guide/", rule: .signedIn),
            Self.page("/finance/", rule: Self.finance),
            Self.page("/finance/report/", rule: Self.finance, sections: [("Finance", Self.finance)]),
            Self.page("/guide/setup/", rule: .signedIn, sections: [("Guide", .signedIn)]),
        ])
        // In the order of the rules' ids: public's `dzotypzq`, signed-in's `srtymdq4`, Finance.Read's `wtehfewa`.
        #expect(parts.map(\.ruleID) == [AccessRule.public.id, AccessRule.signedIn.id, Self.finance.id])
        #expect(parts.map(\.shard) == [0, 0, 0], "small parts are not split")
        #expect(parts.map(\.folder) == ["_search/dzotypzq/0/", "_search/srtymdq4/0/", "_search/wtehfewa/0/"])
        #expect(
            parts.map { $0.documents.map(\.url) } == [
                ["/"], ["/guide/", "/guide/setup/"], ["/finance/", "/finance/report/"],
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
            (0..<100).map { Self.page("/guide/page-\($0)/", rule: .signedIn) }
            + (0..<30).map { Self.page("/finance/page-\($0)/", rule: Self.finance) }
            + [Self.page("/", rule: .public)]
        let parts = SearchParts.split(pages, pagesPerShard: 10)
        let byRule = Dictionary(grouping: parts, by: \.ruleID)
        let (open, signedIn, finance) = (AccessRule.public.id, AccessRule.signedIn.id, Self.finance.id)
        #expect(byRule[open]?.count == 1)
        #expect(byRule[finance]?.map(\.shard) == [0, 1, 2, 3])
        #expect(byRule[signedIn]?.map(\.shard) == Array(0..<16))
        #expect(
            Set(byRule[signedIn]?.flatMap(\.documents).map(\.url) ?? []) == Set((0..<100).map { "/guide/page-\($0)/" }))
        #expect(byRule[signedIn]?.flatMap(\.documents).count == 100, "no page in two shards")
        #expect(byRule[finance]?.flatMap(\.documents).allSatisfy { $0.url.hasPrefix("/finance/") } == true)
        #expect(parts.allSatisfy { !$0.documents.isEmpty })
        #expect(Set(parts.map(\.folder)).count == parts.count)
    }

    @Test("A page's shard follows from its URL: adding a page changes one shard and leaves the others alone")
    func shardsAreStable() {
        let pages = (0..<60).map { Self.page("/guide/page-\($0)/", rule: .signedIn) }
        let before = SearchParts.split(pages, pagesPerShard: 10)
        let after = SearchParts.split(pages + [Self.page("/guide/new/", rule: .signedIn)], pagesPerShard: 10)
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
            Self.page("/finance/contact/", rule: .public, sections: [("Finance", Self.finance)]),
            Self.page("/guide/faq/", rule: .public, sections: [("Guide", .signedIn)]),
            Self.page("/open/", rule: .public, sections: [("Open", .public)]),
            Self.page("/guide/finance/", rule: Self.finance, sections: [("Guide", .signedIn)]),
            Self.page("/finance/audit/", rule: Self.audit, sections: [("Finance", Self.finance)]),
            Self.page("/books/", rule: Self.finance, sections: [("Books", Self.financeOrAudit)]),
            Self.page("/x/y/", rule: .signedIn, sections: [("X", .public), ("Y", Self.finance)]),
        ])
        let breadcrumbs = parts.flatMap(\.documents).map(\.breadcrumb)
        // Parts in the order of the rules' ids: public, signed-in, Finance.Read, Audit.Read (`yjwmwuxn`).
        #expect(
            breadcrumbs == [
                ["…"], ["…"], ["Open"],
                ["X", "…"],
                ["Guide"], ["Books"],
                ["…"],
            ])
        let publicPart = parts.first { $0.ruleID == AccessRule.public.id }
        #expect(
            publicPart?.documents.allSatisfy { !$0.breadcrumb.contains("Finance") && !$0.breadcrumb.contains("Guide") }
                == true)
    }
}
