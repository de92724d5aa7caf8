import Foundation
import Testing

@testable import SiteBuilder

@Suite("[server] includes: pages for servers without nginx SSI")
struct ServerIncludesTests {
    /// Rules from weakest to strictest: a page shows another only when its own rule implies the other's.
    private enum Level: Int, Comparable {
        case everyone, signedIn, finance

        static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Each page with its output file, a title found nowhere else, and its rule.
    private static let pages: [(file: String, output: String, title: String, level: Level)] = [
        ("index.md", "index.html", "Hearth", .everyone),
        ("about.md", "about/index.html", "Lighthouse", .everyone),
        ("guide/index.md", "guide/index.html", "Compass", .signedIn),
        ("guide/setup.md", "guide/setup/index.html", "Lantern", .signedIn),
        ("guide/payroll.md", "guide/payroll/index.html", "Sapphire", .finance),
        ("guide/visitors.md", "guide/visitors/index.html", "Doormat", .everyone),
        ("finance/index.md", "finance/index.html", "Obsidian", .finance),
        ("finance/ledger.md", "finance/ledger/index.html", "Tamarind", .finance),
        ("finance/open.md", "finance/open/index.html", "Windchime", .everyone),
        ("finance/team.md", "finance/team/index.html", "Marigold", .signedIn),
    ]

    private static func site(includes: String?) throws -> TestSite {
        var files: [String: String] = [:]
        for (position, page) in pages.enumerated() {
            let access =
                switch page.level {
                case .everyone: "access: public\n"
                case .signedIn: ""
                case .finance: "access: { roles: [Finance.Read] }\n"
                }
            // A section's own rule would cascade to its pages; each page sets its own instead.
            let rule = page.file == "finance/index.md" ? access : access.isEmpty ? "access: signed-in\n" : access
            files["site/" + page.file] = "---\ntitle: \(page.title)\nweight: \(position)\n\(rule)---\nText.\n"
        }
        files["site/site.toml"] = includes.map { "[server]\nincludes = \"\($0)\"\n" } ?? ""
        let site = try TestSite(pages: [:])
        try site.write(files, under: "")
        return site
    }

    private static func html(_ site: TestSite) -> [String: String] {
        site.outputFiles().filter { $0.key.hasSuffix(".html") }.mapValues { String(decoding: $0, as: UTF8.self) }
    }

    @Test("includes = \"none\": no SSI anywhere, and no page names a page some of its readers may not open")
    func noneHidesWhatReadersMayNotOpen() throws {
        let site = try Self.site(includes: "none")
        let report = try site.build { $0.templatesFolder = TestSite.defaultTheme }
        #expect(report.includes == .none)
        let files = Self.html(site)
        #expect(files.count >= Self.pages.count + 3)
        for (path, html) in files {
            #expect(!html.contains("<!--#"), "\(path) holds an SSI directive")
        }
        for page in Self.pages {
            let html = try #require(files[page.output])
            for other in Self.pages where other.title != page.title {
                let shown = html.contains(other.title)
                if other.level > page.level {
                    #expect(!shown, "\(page.output) names \(other.title)")
                }
            }
        }
        for special in ["404.html", "403.html", "signed-out/index.html"] {
            let html = try #require(files[special])
            for other in Self.pages where other.level > .everyone {
                #expect(!html.contains(other.title), "\(special) names \(other.title)")
            }
        }
    }

    @Test("includes = \"none\": links every reader of the page may open stay, with their section's page")
    func noneKeepsPlainLinks() throws {
        let site = try Self.site(includes: "none")
        try site.build { $0.templatesFolder = TestSite.defaultTheme }
        let ledger = try #require(site.output("finance/ledger/index.html"))
        for link in [#"href="/finance/">Obsidian<"#, #"href="/finance/open/""#, #"href="/guide/">Compass<"#] {
            #expect(ledger.contains(link), "finance/ledger/ lacks \(link)")
        }
        let setup = try #require(site.output("guide/setup/index.html"))
        #expect(setup.contains(#"<a href="/guide/">Compass</a>"#), "breadcrumb to its own section")
        #expect(setup.contains(#"href="/guide/visitors/""#))
        let finance = try #require(site.output("finance/index.html"))
        #expect(finance.contains(#"<a class="card-link" href="/finance/ledger/">Tamarind</a>"#))
        #expect(finance.contains(#"<a class="card-link" href="/finance/team/">Marigold</a>"#))
        // A public page in a restricted section: its section is on the way, shown without title or link.
        let open = try #require(site.output("finance/open/index.html"))
        #expect(open.contains(#"<span class="crumb-hidden""#))
        #expect(open.contains(#"is-ancestor">"#) && !open.contains(#"href="/finance/""#))
    }

    @Test("The Sign in link returns to its page whatever the page's address holds: rd is a query value")
    func signInReturnPath() throws {
        let site = try TestSite(pages: ["index.md": "", "q&a.md": "", "über.md": "", "c++.md": ""])
        try site.build { $0.templatesFolder = TestSite.defaultTheme }
        for (page, rd) in [("q&a", "/q%26a/"), ("über", "/%25C3%25BCber/"), ("c++", "/c%2B%2B/")] {
            let html = try #require(site.output("\(page)/index.html"))
            #expect(html.contains("href=\"/.auth/login?rd=\(rd)\""), "\(page)")
        }
    }

    @Test("includes = \"none\": the greeting comes from /.auth/me through the theme's own script")
    func noneGreetsWithScript() throws {
        let site = try Self.site(includes: "none")
        try site.build {
            $0.templatesFolder = TestSite.defaultTheme
            $0.buildsSearchIndex = true
        }
        let home = try #require(site.output("index.html"))
        #expect(home.contains(#"<script src="/assets/user.js" defer></script>"#))
        #expect(home.contains(#"href="/.auth/login?rd=/" data-auth-me="/.auth/me">Sign in</a>"#))
        #expect(home.contains(#"data-search-parts=""#) && !home.contains("data-search-access"))
        #expect(site.output("assets/user.js")?.contains("dataset.authMe") == true)
    }

    @Test("The default is nginx: the same site keeps its SSI greeting and conditions, and no greeting script")
    func nginxByDefault() throws {
        let site = try Self.site(includes: nil)
        let report = try site.build { $0.templatesFolder = TestSite.defaultTheme }
        #expect(report.includes == .nginx)
        let home = try #require(site.output("index.html"))
        #expect(home.contains(#"<!--# if expr="$sitegen_user" -->"#))
        #expect(try AccessContextTests.condition(aroundLinkTo: "/finance/", in: home) != nil)
        #expect(!home.contains("user.js"))
    }

    @Test("Changing includes renders every page again, and changing it back restores the first output")
    func settingIsInTheCache() throws {
        let site = try Self.site(includes: "nginx")
        try site.build { $0.templatesFolder = TestSite.defaultTheme }
        let first = site.outputFiles()
        try site.write(["site.toml": "[server]\nincludes = \"none\"\n"], under: "site")
        let none = try site.build { $0.templatesFolder = TestSite.defaultTheme }
        #expect(none.reusedPageCount == 0)
        for page in Self.pages {
            #expect(none.changedFiles.contains(page.output), "\(page.output) not rebuilt")
            #expect(site.output(page.output)?.contains("<!--#") == false)
        }
        try site.write(["site.toml": "[server]\nincludes = \"nginx\"\n"], under: "site")
        try site.build { $0.templatesFolder = TestSite.defaultTheme }
        #expect(site.outputFiles() == first)
    }

    @Test("A template of the site's own that writes SSI fails an includes = \"none\" build, naming the template")
    func overrideWithSSIFails() throws {
        let site = try Self.site(includes: "none")
        var templates = TestSite.contentOnlyTemplates
        templates["partials/footer.mustache"] = #"<!--# echo var="sitegen_name" -->"#
        templates["layout.mustache"] = "{{$content}}{{/content}}{{> footer}}"
        try site.write(templates, under: "templates")
        let errors = site.buildErrors()
        #expect(errors.contains { $0.hasPrefix("site/guide/setup.md: ") && $0.contains("template 'page'") })
        #expect(errors.contains { $0.hasPrefix("404.html: ") && $0.contains("includes = \"none\"") })
        #expect(site.output("index.html") == nil, "nothing is published")
    }

    @Test("includes = \"none\": in a wide section, public pages leave out the link to their signed-in section's page")
    func wideSection() throws {
        var pages = ["index.md": "---\ntitle: Home\naccess: public\n---\n", "w/index.md": "---\ntitle: Warren\n---\n"]
        for number in 1...60 {
            pages["w/p\(number).md"] = "---\ntitle: P\(number)\nweight: \(number)\naccess: public\n---\n"
        }
        for includes in ["nginx", "none"] {
            let site = try TestSite(
                pages: pages.merging(["site.toml": "[server]\nincludes = \"\(includes)\"\n"]) { $1 })
            try site.build { $0.templatesFolder = TestSite.defaultTheme }
            let html = try #require(site.output("w/p30/index.html"))
            #expect(html.contains(#"href="/w/p40/">P40</a>"#) && !html.contains(#"href="/w/p41/""#), "\(includes)")
            #expect(html.contains("All pages in Warren") == (includes == "nginx"), "\(includes)")
            #expect(html.contains("Warren") == (includes == "nginx"), "\(includes)")
        }
    }

    @Test("[server] errors name the key and its line")
    func configProblems() {
        let (_, problems) = SiteConfig.parse(
            "title = \"T\"\n[server]\nincludes = \"apache2\"\nport = 8\ninclude = 1\n", file: "site/site.toml")
        #expect(
            problems.map { "\($0.line ?? 0): \($0.message)" } == [
                "3: 'includes' in [server] must be \"nginx\" (nginx runs the pages' Server Side Includes) or "
                    + "\"none\" (any other server: pages link only what all their readers may open), not 'apache2'",
                "4: unknown key 'port' in [server]; known keys are includes",
                "5: unknown key 'include' in [server] (did you mean 'includes'?); known keys are includes",
            ])
        let (config, none) = SiteConfig.parse("[server]\nincludes = \"none\"\n", file: "site/site.toml")
        #expect(none.isEmpty && config.includes == .none)
        #expect(SiteConfig.parse("", file: "site/site.toml").0.includes == .nginx)
        #expect(SiteConfig.parse("server = 1\n", file: "site/site.toml").1.first?.line == 1)
    }
}
