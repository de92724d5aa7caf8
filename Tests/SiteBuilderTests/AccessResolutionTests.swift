import Foundation
import Testing

@testable import SiteBuilder

@Suite("Access rule resolution")
struct AccessResolutionTests {
    private static let group = "5f1c2e4a-0b6d-4c8e-9f1a-2b3c4d5e6f70"

    private static let pages = [
        "index.md": "---\naccess: public\n---\n",
        "logo.png": "png",
        "about.md": "# About\n",
        "images/diagram.png": "png",
        "finance/index.md": "---\naccess: { roles: [Finance.Read] }\n---\n",
        "finance/report.md": "---\naliases: [/reports/q3/, q3.html]\n---\n",
        "finance/chart.png": "png",
        "finance/press.md": "---\naccess: public\n---\n",
        "finance/archive/2025.md": "",
        "finance/archive/old.pdf": "pdf",
        "finance/internal/index.md": "---\naccess: { groups: [\(group)] }\n---\n",
        "finance/internal/plan.md": "",
        "finance/internal/slides/deck.pdf": "pdf",
    ]

    /// `path rule source` per published path, sources shortened to `site/…`.
    private func listing(_ site: TestSite, _ adjust: (inout BuildOptions) -> Void = { _ in }) throws -> [String] {
        var options = site.options
        adjust(&options)
        return try SiteBuilder.accessListing(options: options).entries.map {
            "\($0.path) \($0.rule) \($0.source.replacingOccurrences(of: site.root + "/", with: ""))"
        }
    }

    @Test("Sections cascade to pages, subsections and assets; pages override; the home page's rule stays its own")
    func cascade() throws {
        let site = try TestSite(pages: Self.pages)
        try site.write(["assets/theme.css": "body{}"], under: "templates")
        let finance = "roles: Finance.Read site/finance/index.md"
        let restrictedGroup = "groups: \(Self.group) site/finance/internal/index.md"
        #expect(
            try listing(site) == [
                "/ public site/index.md",
                "/403.html public built-in",
                "/404.html public built-in",
                "/about/ signed-in built-in",
                "/assets/back-forward.js public theme",
                "/assets/copy-code.js public theme",
                "/assets/favicon.svg public theme",
                "/assets/search-worker.js public theme",
                "/assets/search.js public theme",
                "/assets/theme.css public theme",
                "/assets/user.js public theme",
                "/finance/ \(finance)",
                "/finance/archive/ \(finance)",
                "/finance/archive/2025/ \(finance)",
                "/finance/archive/old.pdf \(finance)",
                "/finance/chart.png \(finance)",
                "/finance/internal/ \(restrictedGroup)",
                "/finance/internal/plan/ \(restrictedGroup)",
                "/finance/internal/slides/deck.pdf \(restrictedGroup)",
                "/finance/press/ public site/finance/press.md",
                "/finance/report/ \(finance)",
                "/images/diagram.png signed-in built-in",
                "/logo.png signed-in built-in",
                "/q3.html \(finance)",
                "/reports/q3/ \(finance)",
                "/signed-out/ public built-in",
            ])
    }

    @Test("The site default comes from site.toml; the sitemap is public; base_url prefixes every path")
    func siteDefault() throws {
        let site = try TestSite(pages: [
            "site.toml": "base_url = \"https://acme.example/docs/\"\naccess = { roles = [\"Staff\"] }\n",
            "index.md": "",
            "My Page.md": "",
            "guide/setup.md": "---\naccess: signed-in\n---\n",
            "logo.png": "png",
        ])
        let staff = "roles: Staff site/site.toml"
        #expect(
            try listing(site) == [
                "/docs/ \(staff)",
                "/docs/403.html public built-in",
                "/docs/404.html public built-in",
                "/docs/My Page/ \(staff)",
                "/docs/assets/back-forward.js public theme",
                "/docs/assets/copy-code.js public theme",
                "/docs/assets/favicon.svg public theme",
                "/docs/assets/search-worker.js public theme",
                "/docs/assets/search.js public theme",
                "/docs/assets/theme.css public theme",
                "/docs/assets/user.js public theme",
                "/docs/guide/ \(staff)",
                "/docs/guide/setup/ signed-in site/guide/setup.md",
                "/docs/logo.png \(staff)",
                "/docs/signed-out/ public built-in",
                "/docs/sitemap.xml public built-in",
            ])
    }

    @Test("A section page left out as a draft still covers its folder")
    func draftSection() throws {
        let site = try TestSite(pages: [
            "index.md": "",
            "finance/index.md": "---\ndraft: true\naccess: { roles: [Finance.Read] }\n---\n",
            "finance/report.md": "",
        ])
        let expected = [
            "/finance/ roles: Finance.Read site/finance/index.md",
            "/finance/report/ roles: Finance.Read site/finance/index.md",
        ]
        #expect(try listing(site).filter { $0.hasPrefix("/finance/") } == expected)
        #expect(try listing(site) { $0.includeDrafts = true }.filter { $0.hasPrefix("/finance/") } == expected)
    }

    @Test("The build counts pages by kind of rule; implicit sections count")
    func counts() throws {
        let site = try TestSite(pages: Self.pages)
        let report = try site.build()
        #expect(report.access == AccessCounts(signedIn: 1, public: 2, restricted: 6))
        #expect(report.access.description == "1 signed-in, 2 public, 6 restricted")
        #expect(try SiteBuilder.accessListing(options: site.options).counts == report.access)
    }

    @Test("sitegen access reports the errors a build would, and writes nothing")
    func listingErrors() throws {
        let site = try TestSite(pages: ["index.md": "", "a.md": "---\naccess: everyone\n---\n", "signed-out.md": ""])
        #expect(throws: BuildFailure.self) { try SiteBuilder.accessListing(options: site.options) }
        do {
            _ = try SiteBuilder.accessListing(options: site.options)
        } catch {
            let messages = error.errors.map { $0.description.replacingOccurrences(of: site.root + "/", with: "") }
            #expect(messages.count == 2)
            #expect(messages.first?.hasPrefix("site/a.md:2: front matter: unknown access rule 'everyone'") == true)
            #expect(
                messages.last
                    == "site/signed-out.md: url: the signed-out page (signed-out.mustache) and site/signed-out.md "
                    + "both map to /signed-out/; rename or move one of them")
        }
        #expect(try site.namesBesideOutput() == ["site", "templates"])
    }

    @Test("sitegen access writes nothing, so the output folder is not checked: it runs from inside the site folder")
    func listingIgnoresOutputFolder() throws {
        let site = try TestSite(pages: ["index.md": ""])
        // `sitegen access --site .` keeps the default output folder `public`, which is inside the site folder.
        for output in [site.root + "/site/public", site.root + "/site", "."] {
            #expect(try listing(site) { $0.outputFolder = output }.first == "/ signed-in built-in", "output \(output)")
            #expect(site.buildErrors { $0.outputFolder = output }.count == 1, "a build to \(output) is refused")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.root + "/site") == ["index.md"])
    }

    @Test("The listing prints aligned columns")
    func table() {
        let listing = AccessListing(
            entries: [
                .init(path: "/", rule: "public", source: "site/index.md"),
                .init(path: "/finance/report/", rule: "roles: Finance.Read", source: "site/finance/index.md"),
            ], counts: AccessCounts())
        #expect(
            listing.table == """
                /                 public               site/index.md
                /finance/report/  roles: Finance.Read  site/finance/index.md
                """)
    }
}
