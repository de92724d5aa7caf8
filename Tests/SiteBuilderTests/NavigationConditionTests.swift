import Foundation
import Testing

@testable import SiteBuilder

@Suite("Navigation conditions only where rules differ")
struct NavigationConditionTests {
    private static func condition(aroundLinkTo url: String, in html: String) throws -> String? {
        try AccessContextTests.condition(aroundLinkTo: url, in: html)
    }

    /// The navigation, breadcrumbs, section cards and pager of a page of the default theme: everything
    /// between the site nav and the end of the article.
    private static func navigation(of html: String) throws -> String {
        let start = try #require(html.range(of: #"<nav class="site-nav""#))
        let end = try #require(html.range(of: "</article>"))
        return String(html[start.lowerBound..<end.lowerBound])
    }

    @Test("A site with one rule writes no condition in the navigation of its pages; its public 404 page keeps them")
    func oneRule() throws {
        let site = try TestSite(pages: [
            "index.md": "---\ntitle: Home\n---\n",
            "guide/index.md": "---\ntitle: Guide\n---\n",
            "guide/setup.md": "---\ntitle: Setup\n---\n",
            "guide/deep/index.md": "---\ntitle: Deep\n---\n",
            "guide/deep/dive.md": "---\ntitle: Dive\n---\n",
            "about.md": "---\ntitle: About\n---\n",
        ])
        try site.build { $0.templatesFolder = TestSite.defaultTheme }
        for path in [
            "index.html", "guide/index.html", "guide/setup/index.html", "guide/deep/index.html",
            "guide/deep/dive/index.html", "about/index.html",
        ] {
            let html = try #require(site.output(path))
            #expect(try !Self.navigation(of: html).contains("<!--# if"), "\(path)")
            #expect(html.contains(#"<a href="/guide/">Guide</a>"#) || path.hasPrefix("guide/"), "\(path)")
        }
        let notFound = try #require(site.output("404.html"))
        #expect(try Self.condition(aroundLinkTo: "/guide/", in: notFound) == "$sitegen_user")
    }

    @Test("A restricted page links a public page plainly; a public page links a restricted one in a condition")
    func publicAndRestricted() throws {
        // Rules by sorted path: 0 public (`/`), 1 roles: A (`/a/`).
        let site = try TestSite(pages: [
            "index.md": "---\ntitle: Home\naccess: public\n---\n",
            "a.md": "---\ntitle: A\nweight: 1\naccess: { roles: [A] }\n---\n",
            "open.md": "---\ntitle: Open\nweight: 2\naccess: public\n---\n",
        ])
        try site.build { $0.templatesFolder = TestSite.defaultTheme }
        let restricted = try #require(site.output("a/index.html"))
        #expect(try Self.condition(aroundLinkTo: "/open/", in: restricted) == nil)
        #expect(try Self.condition(aroundLinkTo: "/", in: restricted) == nil)
        let open = try #require(site.output("open/index.html"))
        #expect(try Self.condition(aroundLinkTo: "/a/", in: open) == "$sitegen_access = /,1,/")
        let pager = try AccessContextTests.part(of: open, from: #"<nav class="pager""#)
        #expect(try Self.condition(aroundLinkTo: "/a/", in: pager) == "$sitegen_access = /,1,/")
    }

    @Test("A link is plain only when the page's rule implies the linked page's: roles, groups, users, combined")
    func implication() throws {
        // Rules by sorted path: 0 signed-in (`/`), 1 public (`/403.html`), 2 roles A or group G, 3 roles A,
        // 4 roles A or B, 5 users U.
        let site = try TestSite(pages: [
            "index.md": "---\ntitle: Home\n---\n",
            "a-or-g.md":
                "---\ntitle: AorG\nweight: 1\naccess: { roles: [A], groups: [5f1c2e4a-0b6d-4c8e-9f1a-2b3c4d5e6f70] }\n---\n",
            "a.md": "---\ntitle: JustA\nweight: 2\naccess: { roles: [A] }\n---\n",
            "ab.md": "---\ntitle: AorB\nweight: 3\naccess: { roles: [A, B] }\n---\n",
            "u.md": "---\ntitle: U\nweight: 4\naccess: { users: [0a1b2c3d-0000-4000-8000-000000000001] }\n---\n",
        ])
        try site.build { $0.templatesFolder = TestSite.defaultTheme }
        let cases: [(page: String, link: String, condition: String?)] = [
            ("a-or-g/", "/a/", "$sitegen_access = /,3,/"),
            ("a-or-g/", "/ab/", "$sitegen_access = /,4,/"),
            ("a-or-g/", "/", nil),
            ("a/", "/a-or-g/", nil),
            ("a/", "/ab/", nil),
            ("a/", "/u/", "$sitegen_access = /,5,/"),
            ("ab/", "/a/", "$sitegen_access = /,3,/"),
            ("ab/", "/a-or-g/", "$sitegen_access = /,2,/"),
            ("u/", "/", nil),
            ("u/", "/a/", "$sitegen_access = /,3,/"),
            ("", "/u/", "$sitegen_access = /,5,/"),
            ("", "/a/", "$sitegen_access = /,3,/"),
        ]
        for (page, link, condition) in cases {
            let html = try #require(site.output(page + "index.html"))
            #expect(
                try Self.condition(aroundLinkTo: link, in: Self.navigation(of: html)) == condition, "\(page) → \(link)")
        }
    }

    @Test("A linked page's rule that changes what it admits under the same number renders the linking pages again")
    func ruleChangeKeepingItsNumber() throws {
        // Rules by sorted path: 0 roles A (`/`), 1 public (`/403.html`), 2 the rule of `/x/`.
        let site = try TestSite(pages: [
            "index.md": "---\ntitle: Home\naccess: { roles: [A] }\n---\n",
            "x.md": "---\ntitle: X\naccess: { roles: [A, B] }\n---\n",
        ])
        try site.build { $0.templatesFolder = TestSite.defaultTheme }
        #expect(try Self.condition(aroundLinkTo: "/x/", in: #require(site.output("index.html"))) == nil)
        try site.write(["x.md": "---\ntitle: X\naccess: { roles: [B] }\n---\n"], under: "site")
        try site.build { $0.templatesFolder = TestSite.defaultTheme }
        let home = try #require(site.output("index.html"))
        #expect(try Self.condition(aroundLinkTo: "/x/", in: home) == "$sitegen_access = /,2,/")
    }
}
