import AccessRules
import Testing

@testable import SiteBuilder

/// A large site's pages have their rules and manifest entries worked out in two halves on two cores: the result is the
/// one working them out one by one gives, in the pages' order, across folders that hand down different rules.
@Suite("Page entries")
struct PageEntriesTests {
    @Test("Two halves give each page the rule and manifest path one pass gives, in the pages' order")
    func halvesAgreeWithOnePass() {
        let display = DisplayPaths(siteFolder: "site", templatesFolder: "templates")
        let finance = AccessRule.restricted(Requirement(roles: ["Finance.Read"]))
        var frontMatter = FrontMatter()
        frontMatter.access = Located(value: finance, line: 2)
        var ownRule = FrontMatter()
        ownRule.access = Located(value: .public, line: 2)
        let section = ParsedPage(
            source: PageSource(kind: .section, path: "finance/index.md", folder: "finance"), rootURL: "/",
            frontMatter: frontMatter)
        // 5,000 pages, so that they are split: a folder handing down its section's rule, one handing down the site's,
        // and every seventh page with a rule of its own.
        let pages =
            [section]
            + (0..<5_000).map { number in
                let folder = number < 2_600 ? "finance" : "guide"
                let path = "\(folder)/page-\(number).md"
                return ParsedPage(
                    source: PageSource(kind: .page, path: path, folder: folder), rootURL: "/",
                    frontMatter: number % 7 == 0 ? ownRule : FrontMatter())
            }
        let siteDefault = SiteAccess.Origin(rule: .signedIn, source: "built-in")
        let cascade = AccessCascade(sections: [section], siteDefault: siteDefault, display: display)
        let (rules, entries) = SiteAccess.pageEntries(pages, cascade: cascade, decodedRoot: "/", display: display)
        var oneByOne = cascade
        let expected = pages.map { SiteAccess.rule(of: $0, cascade: &oneByOne, display: display) }
        // The first page that differs, if any: the lists are too long to show whole.
        #expect(rules.count == pages.count && entries.count == pages.count)
        #expect(pages.indices.first { rules[$0] != expected[$0] || entries[$0].origin != expected[$0] } == nil)
        #expect(pages.indices.first { entries[$0].path != "/" + pages[$0].source.routePath } == nil)
        #expect(rules[2_600].rule == finance && rules[2_602].rule == .signedIn && rules[2_605].rule == .public)
    }
}
