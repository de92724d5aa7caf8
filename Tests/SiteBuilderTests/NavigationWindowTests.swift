import Foundation
import Testing

@testable import SiteBuilder

@Suite("Navigation in wide sections")
struct NavigationWindowTests {
    /// Prints the nav as nested lists, `…` for the entry leading to a wide section's full list.
    private static let templates = TestSite.contentOnlyTemplates.merging([
        "page.mustache": "{{#nav}}{{> nav-item}}{{/nav}}",
        "section.mustache": "{{#nav}}{{> nav-item}}{{/nav}}|{{#section_pages}}[{{title}}]{{/section_pages}}",
        "partials/nav-item.mustache": """
        {{#is_more}}(…{{url}}){{/is_more}}{{^is_more}}({{title}}{{#is_current}}*{{/is_current}}\
        {{#is_expanded}}{{#children}}{{> nav-item}}{{/children}}{{/is_expanded}}){{/is_more}}
        """,
    ]) { $1 }

    /// A section of `count` pages `p00`, `p01`, … in that order, a narrow section and an about page.
    private static func pages(wide count: Int, extra: [String: String] = [:]) -> [String: String] {
        var pages = [
            "index.md": "---\ntitle: Home\n---\n",
            "wide/index.md": "---\ntitle: Wide\nweight: 1\n---\n",
            "narrow/index.md": "---\ntitle: Narrow\nweight: 2\n---\n",
            "narrow/n.md": "---\ntitle: N\n---\n",
            "about.md": "---\ntitle: About\nweight: 3\n---\n",
        ]
        for number in 0..<count {
            let name = String(format: "p%02d", number)
            pages["wide/\(name).md"] = "---\ntitle: \(name)\nweight: \(number * 10)\n---\n"
        }
        return pages.merging(extra) { $1 }
    }

    private static func entries(_ numbers: ClosedRange<Int>, current: Int? = nil) -> String {
        numbers.map { String(format: "(p%02d%@)", $0, $0 == current ? "*" : "") }.joined()
    }

    @Test("A page of a wide section shows the siblings within ten of it and links the section's page on each side")
    func windowAroundThePage() throws {
        let site = try TestSite(pages: Self.pages(wide: 60), templates: Self.templates)
        try site.build()
        let tail = "(Narrow)(About)"
        #expect(
            site.output("wide/p30/index.html") == "(Wide(…/wide/)\(Self.entries(20...40, current: 30))(…/wide/))" + tail
        )
        #expect(site.output("wide/p03/index.html") == "(Wide\(Self.entries(0...13, current: 3))(…/wide/))" + tail)
        #expect(site.output("wide/p59/index.html") == "(Wide(…/wide/)\(Self.entries(49...59, current: 59)))" + tail)
        let section = try #require(site.output("wide/index.html"))
        #expect(section.hasPrefix("(Wide*\(Self.entries(0...10))(…/wide/))" + tail + "|"))
        #expect(section.components(separatedBy: "[p").count == 61, "the section's page lists all its pages")
        #expect(site.output("narrow/n/index.html") == "(Wide)(Narrow(N*))(About)", "a narrow section is shown whole")
    }

    @Test("A section of fifty pages is shown whole; the window starts above fifty")
    func fiftyIsShownWhole() throws {
        let site = try TestSite(pages: Self.pages(wide: 50), templates: Self.templates)
        try site.build()
        #expect(site.output("wide/p30/index.html") == "(Wide\(Self.entries(0...49, current: 30)))(Narrow)(About)")
    }

    @Test("Adding a page to a wide section renders again only the pages whose window holds its position")
    func addingAPageIsBounded() throws {
        let site = try TestSite(pages: Self.pages(wide: 200), templates: Self.templates)
        try site.build()
        try EditedSite.age(site.root + "/site")
        try site.build()
        try site.write(["wide/p50b.md": "---\ntitle: p50b\nweight: 505\n---\n"], under: "site")
        let report = try site.build()
        let rendered = report.pageCount - report.reusedPageCount
        // The new page, the section's page, and the twenty siblings whose window holds its position (its
        // neighbours in the pager among them); the access manifest, which lists the new page, besides.
        #expect(rendered == 2 * NavigationWindow.radius + 2, "rendered \(rendered) of \(report.pageCount)")
        #expect(report.changedFiles.count == 2 * NavigationWindow.radius + 3, "\(report.changedFiles)")
        #expect(report.changedFiles.contains("wide/index.html") && report.changedFiles.contains("wide/p50b/index.html"))
        // p50b comes after p50, at position 51: the windows from p41's (31 to 51) to p60's (51 to 71) hold it.
        #expect(
            !report.changedFiles.contains("wide/p40/index.html") && report.changedFiles.contains("wide/p41/index.html"))
        #expect(
            report.changedFiles.contains("wide/p60/index.html") && !report.changedFiles.contains("wide/p61/index.html"))
        let clean = try TestSite(
            pages: Self.pages(wide: 200, extra: ["wide/p50b.md": "---\ntitle: p50b\nweight: 505\n---\n"]),
            templates: Self.templates)
        try clean.build()
        for name in ["p40", "p41", "p50", "p50b", "p51", "p60", "p61", "p199"] {
            let path = "wide/\(name)/index.html"
            #expect(site.output(path) == clean.output(path), "\(path) as a clean build writes it")
        }
    }

    @Test("The default theme links the section's page where the window leaves pages out, in the section's condition")
    func defaultTheme() throws {
        let site = try TestSite(
            pages: Self.pages(
                wide: 60,
                extra: [
                    "index.md": "---\ntitle: Home\naccess: public\n---\n",
                    "wide/index.md": "---\ntitle: Wide\nweight: 1\naccess: { roles: [A] }\n---\n",
                    "wide/p30.md": "---\ntitle: p30\nweight: 300\naccess: public\n---\n",
                ]))
        try site.build { $0.templatesFolder = TestSite.defaultTheme }
        let html = try #require(site.output("wide/p30/index.html"))
        let more =
            #"<li class="nav-more"><!--# if expr="\#(AccessContextTests.guarded(roles: ["A"]))" -->"#
            + #"<a href="/wide/">All pages in Wide</a><!--# endif --></li>"#
        #expect(html.components(separatedBy: more).count == 3)
        #expect(!html.contains(#"href="/wide/p19/""#) && html.contains(#"href="/wide/p20/""#))
        let inside = try #require(site.output("wide/p31/index.html"))
        #expect(inside.contains(#"<li class="nav-more"><a href="/wide/">All pages in Wide</a></li>"#))
    }
}
