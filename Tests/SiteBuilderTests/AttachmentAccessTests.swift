import AccessRules
import Foundation
import Testing

@testable import SiteBuilder

/// A file that pages link to or show takes no looser a rule than those pages when they are all stricter than
/// its folder; `[file_access]` in `site.toml` gives a file a rule of its own.
@Suite("Files linked from stricter pages")
struct AttachmentAccessTests {
    static let hr = AccessRule.restricted(Requirement(roles: ["HR"]))

    /// `guide/payroll.md` (HR) links the spreadsheet beside it and shows a chart; the guide is signed-in.
    static let payroll = [
        "index.md": "# Home\n",
        "guide/index.md": "# Guide\n",
        "guide/payroll.md": "---\naccess: { roles: [HR] }\n---\n# Payroll\n\n[The sheet](payroll.xlsx)\n\n"
            + "![Chart](../charts/pay%20chart.png)\n",
        "guide/payroll.xlsx": "xlsx",
        "guide/holidays.pdf": "pdf",
        "charts/pay chart.png": "png",
    ]

    /// `payroll` with the HR page's text after its front matter as `body`.
    static func payroll(linking body: String) -> [String: String] {
        payroll.merging(["guide/payroll.md": "---\naccess: { roles: [HR] }\n---\n" + body]) { $1 }
    }

    /// `path rule source` for the paths under `prefix`, sources shortened to `site/…`.
    private func listing(_ site: TestSite, under prefix: String = "/") throws -> [String] {
        try SiteBuilder.accessListing(options: site.options).entries.filter { $0.path.hasPrefix(prefix) }
            .filter { !$0.path.hasSuffix("/") && !$0.path.hasPrefix("/assets/") && !$0.path.hasPrefix("/40") }
            .map { "\($0.path) \($0.rule) \($0.source.replacingOccurrences(of: site.root + "/", with: ""))" }
    }

    /// The spreadsheet and the chart the HR page links take its rule, listed and published; the PDF only the
    /// folder's pages link keeps the folder's.
    private func expectPayrollFilesTakeItsRule(_ site: TestSite, holidays: String = "signed-in built-in") throws {
        #expect(
            try listing(site) == [
                "/charts/pay chart.png roles: HR site/guide/payroll.md",
                "/guide/holidays.pdf " + holidays,
                "/guide/payroll.xlsx roles: HR site/guide/payroll.md",
            ])
        try site.build()
        #expect(try published(site, "/guide/payroll.xlsx") == Self.hr)
        #expect(try published(site, "/charts/pay chart.png") == Self.hr)
    }

    /// The rule the published manifest gives `path`.
    private func published(_ site: TestSite, _ path: String) throws -> AccessRule? {
        let manifest = try JSONDecoder().decode(
            AccessManifest.self, from: Data((site.output(".sitegen/access.json") ?? "").utf8))
        return manifest.paths[path].map { manifest.rules[$0.rule] }
    }

    @Test("Links written against the repository (/site/…, ../site/…) give files a rule like any other link")
    func repositoryLinks() throws {
        let pages = Self.payroll(
            linking:
                "[Sheet](/site/guide/payroll.xlsx) ![Chart](../../site/charts/pay%20chart.png)\n")
        let site = try TestSite(pages: pages)
        try site.write(Data("ref: refs/heads/main\n".utf8), to: ".git/HEAD")
        try site.build()
        #expect(try published(site, "/guide/payroll.xlsx") == Self.hr)
        #expect(try published(site, "/charts/pay chart.png") == Self.hr)
    }

    @Test("A file linked as Jekyll writes it ({{ site.baseurl }}/…), in Markdown or raw HTML, takes the page's rule")
    func jekyllLinks() throws {
        let pages = Self.payroll(
            linking:
                "[Sheet]({{site.baseurl}}/guide/payroll.xlsx)\n\n"
                + "<img src=\"{{site.url}}{{site.baseurl}}/charts/pay%20chart.png\">\n")
        try expectPayrollFilesTakeItsRule(try TestSite(pages: pages))
    }

    @Test("A file a stricter page embeds or links by name (![[…]], [[…]], Hugo's ref) takes its rule too")
    func linksByName() throws {
        let pages = Self.payroll(
            linking:
                "# Payroll\n\n![[pay chart.png]]\n\n[[payroll.xlsx|The sheet]]\n\n"
                + "[Holidays]({{< ref \"holidays.pdf\" >}})\n")
        let site = try TestSite(pages: pages)
        try expectPayrollFilesTakeItsRule(site, holidays: "roles: HR site/guide/payroll.md")
        #expect(try published(site, "/guide/holidays.pdf") == Self.hr)
        #expect(site.output("guide/payroll/index.html")?.contains(#"<img src="/charts/pay%20chart.png""#) == true)
    }

    @Test("A file and an image only a stricter page links take its rule; other files keep their folder's")
    func stricterPage() throws {
        let site = try TestSite(pages: Self.payroll)
        try expectPayrollFilesTakeItsRule(site)
        #expect(try published(site, "/guide/holidays.pdf") == .signedIn)
    }

    @Test("A file a stricter page embeds with <img> or links with <a href> in raw HTML takes its rule too")
    func rawHTMLLinks() throws {
        var pages = Self.payroll(
            linking:
                "# Payroll\n\n<p align=\"center\">\n  <img src='../charts/pay%20chart.png'>\n"
                + "</p>\n\nThe <a href=payroll.xlsx>sheet</a>.\n")
        let site = try TestSite(pages: pages)
        try expectPayrollFilesTakeItsRule(site)
        pages["guide/index.md"] = "---\naccess: { roles: [Staff] }\n---\n# Guide\n"
        try site.write(pages, under: "site")
        #expect(
            site.buildErrors().first?.hasPrefix(
                "site/guide/payroll.md:10: access: links guide/payroll.xlsx, whose rule (roles: Staff") == true,
            "the raw HTML link's line is named")
    }

    @Test(
        "A file a stricter page shows in inline SVG (xlink:href), a style's url() or a background takes its rule too",
        arguments: [
            "<svg><image xlink:href=\"payroll.xlsx\"/></svg>\n\n"
                + "<div style=\"background-image: url('../charts/pay%20chart.png')\"></div>\n",
            "<table background=\"../charts/pay%20chart.png\"><tr><td background=payroll.xlsx>x</td></tr></table>\n",
        ])
    func rawHTMLImages(html: String) throws {
        try expectPayrollFilesTakeItsRule(try TestSite(pages: Self.payroll(linking: "# Payroll\n\n" + html)))
    }

    @Test("A file only a draft links keeps the draft's rule: leaving the page out does not open its files")
    func draftsKeepTheirFiles() throws {
        var pages = Self.payroll
        pages["guide/payroll.md"] = pages["guide/payroll.md"]!.replacingOccurrences(
            of: "---\naccess:", with: "---\ndraft: true\naccess:")
        let site = try TestSite(pages: pages)
        try expectPayrollFilesTakeItsRule(site)
        #expect(site.output("guide/payroll/index.html") == nil, "the draft is not published")
    }

    @Test("A file a stricter page includes takes its rule: its text is readable at its own address too")
    func includedFiles() throws {
        var pages = Self.payroll(
            linking: "# Payroll\n\n```csv\n{{#include payroll.xlsx}}\n```\n\n![Chart](../charts/pay%20chart.png)\n")
        let site = try TestSite(pages: pages)
        try expectPayrollFilesTakeItsRule(site)
        #expect(site.output("guide/payroll/index.html")?.contains("xlsx") == true, "the file's text is on the page")
        // A draft's include counts too.
        pages["guide/payroll.md"] = pages["guide/payroll.md"]!.replacingOccurrences(
            of: "---\naccess:", with: "---\ndraft: true\naccess:")
        try site.write(pages, under: "site")
        try expectPayrollFilesTakeItsRule(site)
    }

    @Test("Several stricter pages: a reader of any one of them may read the file; a looser page leaves the folder's")
    func severalPages() throws {
        var pages = Self.payroll
        pages["finance/index.md"] = "---\naccess: { roles: [Finance.Read] }\n---\n"
        pages["finance/salaries.md"] =
            "# Salaries\n\nSee [the sheet](/guide/payroll.xlsx) and [again](../guide/payroll.xlsx#A1).\n"
        let site = try TestSite(pages: pages)
        try site.build()
        #expect(try published(site, "/guide/payroll.xlsx") == .restricted(Requirement(roles: ["Finance.Read", "HR"])))
        #expect(
            try listing(site, under: "/guide/payroll.xlsx") == [
                "/guide/payroll.xlsx roles: Finance.Read, HR site/finance/salaries.md, site/guide/payroll.md"
            ])
        try site.write(["guide/index.md": "# Guide\n\n[Payroll sheet](payroll.xlsx)\n"], under: "site")
        try site.build()
        #expect(try published(site, "/guide/payroll.xlsx") == .signedIn)
    }

    @Test("A page rule neither looser nor stricter than the file's folder stops the build, naming both rules")
    func incomparableRules() throws {
        var pages = Self.payroll
        pages["guide/index.md"] = "---\naccess: { roles: [Staff] }\n---\n# Guide\n"
        let site = try TestSite(pages: pages)
        let errors = site.buildErrors()
        #expect(
            errors == [
                "site/guide/payroll.md:6: access: links guide/payroll.xlsx, whose rule (roles: Staff, from "
                    + "site/guide/index.md) admits readers this page's rule (roles: HR) does not, and this page admits "
                    + "readers the file's rule does not; give the file a rule of its own in site.toml, e.g. "
                    + "[file_access] \"guide/payroll.xlsx\" = { roles = [\"HR\"] }"
            ])
        #expect(site.output(".sitegen/access.json") == nil, "nothing is published")
        // The output folder was opened beside the access rules being resolved: what it staged is gone.
        #expect(try site.namesBesideOutput().allSatisfy { !$0.hasPrefix(".public.tmp") && $0 != "public" })
    }

    @Test("[file_access] in site.toml gives a file its own rule, which wins over the linking pages' and the folder's")
    func ownRule() throws {
        var pages = Self.payroll
        pages["guide/index.md"] = "---\naccess: { roles: [Staff] }\n---\n# Guide\n"
        pages["site.toml"] =
            "[file_access]\n\"guide/payroll.xlsx\" = { roles = [\"HR\", \"Payroll\"] }\n"
            + "\"guide/holidays.pdf\" = \"public\"\n\"charts/pay chart.png\" = \"signed-in\"\n"
        let site = try TestSite(pages: pages)
        try site.build()
        #expect(try published(site, "/guide/payroll.xlsx") == .restricted(Requirement(roles: ["HR", "Payroll"])))
        #expect(try published(site, "/guide/holidays.pdf") == .public)
        #expect(try published(site, "/charts/pay chart.png") == .signedIn)
        #expect(try listing(site, under: "/guide/holidays.pdf") == ["/guide/holidays.pdf public site/site.toml"])
    }

    @Test("[file_access] naming no file, a page or a path outside the site folder is an error on its line")
    func badOwnRules() throws {
        var pages = Self.payroll
        pages["site.toml"] =
            "title = \"T\"\n[file_access]\n\"guide/payrol.xlsx\" = \"public\"\n"
            + "\"guide/payroll.md\" = \"public\"\n\"/guide/holidays.pdf\" = \"public\"\n"
            + "\"guide/holidays.pdf\" = { role = [\"HR\"] }\n"
        let site = try TestSite(pages: pages)
        #expect(
            site.buildErrors() == [
                "site/site.toml:4: config: 'guide/payroll.md' in [file_access] is a page; a page sets its rule in "
                    + "its front matter, e.g. access: { roles: [Finance.Read] }",
                "site/site.toml:5: config: '/guide/holidays.pdf' in [file_access] must be a file's path below the "
                    + "site folder, without a leading / or . and .. parts, e.g. \"guide/payroll.xlsx\"",
                "site/site.toml:6: config: unknown key 'role' in access (did you mean 'roles'?); the keys are roles, "
                    + "groups, tenants, users and emails",
                "site/site.toml:3: access: [file_access] names 'guide/payrol.xlsx', which is no file in the site "
                    + "folder; write the path of a file below the site folder, e.g. \"guide/payroll.xlsx\"",
            ])
    }

    @Test("Rebuilds follow links and rules that come and go, pages the cache vouches for included")
    func incremental() throws {
        let site = try TestSite(pages: Self.payroll)
        try site.build()
        #expect(try published(site, "/guide/payroll.xlsx") == Self.hr)
        // Another page changes; payroll.md comes from the cache with its links.
        try site.write(["guide/index.md": "# Guide\n\nNew words.\n"], under: "site")
        let report = try site.build()
        #expect(report.reusedPageCount > 0)
        #expect(try published(site, "/guide/payroll.xlsx") == Self.hr)
        // The link goes: the folder's rule is back.
        try site.write(
            ["guide/payroll.md": "---\naccess: { roles: [HR] }\n---\n# Payroll\n\nNo sheet.\n"], under: "site")
        try site.build()
        #expect(try published(site, "/guide/payroll.xlsx") == .signedIn)
        // The link comes back under another rule.
        try site.write(
            ["guide/payroll.md": "---\naccess: { roles: [Payroll] }\n---\n# Payroll\n\n[Sheet](payroll.xlsx)\n"],
            under: "site")
        try site.build()
        #expect(try published(site, "/guide/payroll.xlsx") == .restricted(Requirement(roles: ["Payroll"])))
    }

    @Test("A link that makes a file stricter is in force before the new page is published")
    func stricterFirst() throws {
        var pages = Self.payroll
        pages["guide/payroll.md"] = "---\naccess: { roles: [HR] }\n---\n# Payroll\n"
        let site = try TestSite(pages: pages)
        try site.build()
        #expect(try published(site, "/guide/payroll.xlsx") == .signedIn)
        try site.write(["guide/payroll.md": Self.payroll["guide/payroll.md"]!], under: "site")
        let seen = Recorded<AccessRule?>()
        let root = site.root
        _ = try SiteBuilder.build(options: StricterRulesFirstTests.options(of: site, pause: .milliseconds(50))) {
            event in
            guard case .stricterRulesFirst = event else { return }
            let data = FileManager.default.contents(atPath: root + "/public/.sitegen/access.json") ?? Data()
            let live = try? JSONDecoder().decode(AccessManifest.self, from: data)
            seen.record(live?.paths["/guide/payroll.xlsx"].map { live!.rules[$0.rule] })
        }
        #expect(seen.all == [Self.hr])
    }
}
