import Testing

@testable import SiteBuilder

@Suite("Navigation")
struct NavigationTests {
    /// Prints the pruned nav as nested lists with markers, then breadcrumbs and prev/next.
    private static let templates = TestSite.contentOnlyTemplates.merging([
        "page.mustache": "{{> report}}",
        "section.mustache": "{{> report}}{{#section_pages}}[{{title}}]{{/section_pages}}",
        "partials/report.mustache": """
        {{#nav}}{{> nav-item}}{{/nav}}
        {{#breadcrumbs}}{{title}} > {{/breadcrumbs}}{{page.title}}
        {{#prev}}prev={{title}}{{/prev}} {{#next}}next={{title}}{{/next}}
        """,
        "partials/nav-item.mustache": """
        ({{title}}{{#is_current}}*{{/is_current}}{{#is_ancestor}}^{{/is_ancestor}}\
        {{#has_children}}+{{/has_children}}{{#is_expanded}}{{#children}}{{> nav-item}}{{/children}}{{/is_expanded}})
        """,
    ]) { $1 }

    private static let pages = [
        "index.md": "---\ntitle: Home\n---\n",
        "guide/index.md": "---\ntitle: Guide\nweight: 1\n---\n",
        "guide/zeta.md": "---\ntitle: Zeta\nweight: 1\n---\n",
        "guide/alpha.md": "---\ntitle: Alpha\nweight: 2\n---\n",
        "guide/beta.md": "---\ntitle: beta\nweight: 2\n---\n",
        "guide/advanced/index.md": "---\ntitle: Advanced\n---\n",
        "guide/advanced/tuning.md": "---\ntitle: Tuning\n---\n",
        "reference/index.md": "---\ntitle: Reference\nweight: 2\n---\n",
        "reference/config.md": "---\ntitle: Config\n---\n",
        "about.md": "# About\n",
    ]

    @Test("Order is weight then title; only sections on the current path are expanded")
    func prunedTree() throws {
        let site = try TestSite(pages: Self.pages, templates: Self.templates)
        try site.build()
        #expect(
            site.output("guide/advanced/tuning/index.html") == """
                (Guide^+(Zeta)(Alpha)(beta)(Advanced^+(Tuning*)))(Reference+)(About)
                Home > Guide > Advanced > Tuning
                prev=Advanced next=Reference
                """)
        #expect(
            site.output("index.html") == """
                (Guide+)(Reference+)(About)
                Home
                 next=Guide
                """ + "[Guide][Reference][About]")
        #expect(
            site.output("guide/index.html") == """
                (Guide*+(Zeta)(Alpha)(beta)(Advanced+))(Reference+)(About)
                Home > Guide
                prev=Home next=Zeta
                """ + "[Zeta][Alpha][beta][Advanced]")
    }

    @Test("nav_title, linkTitle and sidebar_label name a page in the nav, breadcrumbs and pager; lists keep its title")
    func navigationTitles() throws {
        let site = try TestSite(
            pages: Self.pages.merging([
                "guide/index.md": "---\ntitle: The complete guide\nnav_title: Guide\nweight: 1\n---\n",
                "guide/zeta.md": "---\ntitle: Zeta in depth\nlinkTitle: Zeta\nweight: 1\n---\n",
                "guide/alpha.md": "---\nsidebar_label: Alpha\ntitle: Alpha, the first letter\nweight: 2\n---\n",
                "guide/beta.md": "---\ntitle: beta\nnav_title: B\nlinkTitle: Not this\nweight: 2\n---\n",
            ]) { $1 }, templates: Self.templates)
        try site.build()
        #expect(
            site.output("guide/zeta/index.html") == """
                (Guide^+(Zeta*)(Alpha)(B)(Advanced+))(Reference+)(About)
                Home > Guide > Zeta in depth
                prev=Guide next=Alpha
                """)
        #expect(
            site.output("guide/index.html") == """
                (Guide*+(Zeta)(Alpha)(B)(Advanced+))(Reference+)(About)
                Home > The complete guide
                prev=Home next=Zeta
                """ + "[Zeta in depth][Alpha, the first letter][beta][Advanced]",
            "a section's list of pages shows their titles")
        // Ordered by the title, not by the name in the nav: "Alpha, the first letter" before "beta".
        let broken = try TestSite(pages: ["index.md": "---\nnav_title: [x]\nlinkTitle: {a: b}\n---\n"])
        let errors = broken.buildErrors()
        #expect(errors.count == 1 && errors.first?.contains("'nav_title' must be text") == true, "\(errors)")
        let warned = try TestSite(pages: ["index.md": "---\ntitle: Home\nsidebar_label: [x]\n---\n"])
        #expect(
            try warned.build().warnings.map(\.description).contains {
                $0.hasSuffix(
                    "site/index.md:3: front matter: 'sidebar_label' names a page in the navigation only as text, e.g. "
                        + "sidebar_label: Setup; the navigation shows the page's title")
            })
    }

    @Test("Reading order walks the tree depth-first, section page first")
    func readingOrder() throws {
        let site = try TestSite(pages: Self.pages, templates: Self.templates)
        try site.build()
        let order = [
            "", "guide/", "guide/zeta/", "guide/alpha/", "guide/beta/", "guide/advanced/", "guide/advanced/tuning/",
            "reference/", "reference/config/", "about/",
        ]
        let titles = ["Home", "Guide", "Zeta", "Alpha", "beta", "Advanced", "Tuning", "Reference", "Config", "About"]
        for (position, path) in order.enumerated() {
            let text = try #require(site.output(path + "index.html"))
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let expectedPrev = position > 0 ? "prev=\(titles[position - 1])" : ""
            let expectedNext = position + 1 < titles.count ? "next=\(titles[position + 1])" : ""
            #expect(lines[2].hasPrefix("\(expectedPrev) \(expectedNext)"), "\(path)")
        }
    }

    @Test("nav in site.toml orders the top level; unknown names are errors with their line")
    func navOverride() throws {
        let site = try TestSite(
            pages: Self.pages.merging(["site.toml": "title = \"T\"\nnav = [\"about\", \"reference\"]\n"]) { $1 },
            templates: Self.templates)
        try site.build()
        #expect(site.output("about/index.html")?.hasPrefix("(About*)(Reference+)(Guide+)") == true)
        try site.write(["site.toml": "nav = [\"about\", \"nowhere\"]\n"], under: "site")
        #expect(
            site.buildErrors() == [
                "site/site.toml:1: navigation: nav entry 'nowhere' names no top-level folder or page; "
                    + "the top level has 'about', 'guide', 'reference'"
            ])
        try site.write(["site.toml": "nav = [\"gude\"]\n"], under: "site")
        #expect(
            site.buildErrors() == [
                "site/site.toml:1: navigation: nav entry 'gude' names no top-level folder or page (did you mean "
                    + "'guide'?); the top level has 'about', 'guide', 'reference'"
            ])
    }

    @Test("Folders without index.md get a section page titled from the folder name")
    func implicitSections() throws {
        let site = try TestSite(
            pages: ["getting-started/install.md": "# Install\n"], templates: Self.templates)
        try site.build()
        #expect(site.output("index.html")?.hasPrefix("(Getting started+)\nDocumentation\n") == true)
        #expect(site.output("getting-started/index.html")?.hasSuffix("[Install]") == true)
    }

    @Test("Navigation carries the current section, never the whole tree")
    func pruningKeepsPagesSmall() throws {
        var pages = ["index.md": ""]
        for section in 0..<20 {
            pages["s\(section)/index.md"] = ""
            for page in 0..<20 { pages["s\(section)/p\(page).md"] = "" }
        }
        let site = try TestSite(pages: pages, templates: Self.templates)
        try site.build()
        let nav = try #require(site.output("s3/p4/index.html")?.split(separator: "\n").first)
        #expect(nav.count { $0 == "(" } == 20 + 20)
    }
}
