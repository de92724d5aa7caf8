import AccessRules
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
    private static func guarded(roles: [String] = [], groups: [String] = [], users: [String] = []) -> String {
        AccessContextTests.guarded(roles: roles, groups: groups, users: users)
    }

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
        #expect(try Self.condition(aroundLinkTo: "/a/", in: open) == Self.guarded(roles: ["A"]))
        let pager = try AccessContextTests.part(of: open, from: #"<nav class="pager""#)
        #expect(try Self.condition(aroundLinkTo: "/a/", in: pager) == Self.guarded(roles: ["A"]))
    }

    @Test("A link is plain only when the page's rule implies the linked page's: roles, groups, users, combined")
    func implication() throws {
        let site = try TestSite(pages: [
            "index.md": "---\ntitle: Home\n---\n",
            "a-or-g.md":
                "---\ntitle: AorG\nweight: 1\naccess: { roles: [A], groups: [5f1c2e4a-0b6d-4c8e-9f1a-2b3c4d5e6f70] }\n---\n",
            "a.md": "---\ntitle: JustA\nweight: 2\naccess: { roles: [A] }\n---\n",
            "ab.md": "---\ntitle: AorB\nweight: 3\naccess: { roles: [A, B] }\n---\n",
            "u.md": "---\ntitle: U\nweight: 4\naccess: { users: [0a1b2c3d-0000-4000-8000-000000000001] }\n---\n",
        ])
        try site.build { $0.templatesFolder = TestSite.defaultTheme }
        let aOrG = Self.guarded(roles: ["A"], groups: ["5f1c2e4a-0b6d-4c8e-9f1a-2b3c4d5e6f70"])
        let a = Self.guarded(roles: ["A"])
        let ab = Self.guarded(roles: ["A", "B"])
        let u = Self.guarded(users: ["0a1b2c3d-0000-4000-8000-000000000001"])
        let cases: [(page: String, link: String, condition: String?)] = [
            ("a-or-g/", "/a/", a),
            ("a-or-g/", "/ab/", ab),
            ("a-or-g/", "/", nil),
            ("a/", "/a-or-g/", nil),
            ("a/", "/ab/", nil),
            ("a/", "/u/", u),
            ("ab/", "/a/", a),
            ("ab/", "/a-or-g/", aOrG),
            ("u/", "/", nil),
            ("u/", "/a/", a),
            ("", "/u/", u),
            ("", "/a/", a),
        ]
        for (page, link, condition) in cases {
            let html = try #require(site.output(page + "index.html"))
            #expect(
                try Self.condition(aroundLinkTo: link, in: Self.navigation(of: html)) == condition, "\(page) → \(link)")
        }
    }

    @Test("A rule added before others leaves the conditions naming them as they were, though it moves their numbers")
    func addedRuleMovesNoCondition() throws {
        let site = try TestSite(pages: [
            "index.md": "---\ntitle: Home\naccess: public\n---\n",
            "m.md": "---\ntitle: M\nweight: 2\naccess: { roles: [M] }\n---\n",
            "open.md": "---\ntitle: Open\nweight: 3\naccess: public\n---\n",
        ])
        try site.build { $0.templatesFolder = TestSite.defaultTheme }
        let numberOfM = { () throws -> Int in
            let text = try #require(site.output(AccessManifest.relativePath))
            return try #require(try JSONDecoder().decode(AccessManifest.self, from: Data(text.utf8)).paths["/m/"]).rule
        }
        let before = try numberOfM()
        #expect(
            try Self.condition(aroundLinkTo: "/m/", in: #require(site.output("open/index.html")))
                == Self.guarded(roles: ["M"]))
        // `/a/` sorts before `/m/`, so its rule is numbered first: M's number moves. A reader's rules are still
        // those of the old manifest for a moment after the pages change, so a condition must not name a number.
        try site.write(["a.md": "---\ntitle: A\nweight: 1\naccess: { roles: [A] }\n---\n"], under: "site")
        try site.build { $0.templatesFolder = TestSite.defaultTheme }
        #expect(try numberOfM() != before)
        let open = try #require(site.output("open/index.html"))
        #expect(try Self.condition(aroundLinkTo: "/m/", in: open) == Self.guarded(roles: ["M"]))
        #expect(try Self.condition(aroundLinkTo: "/a/", in: open) == Self.guarded(roles: ["A"]))
    }

    @Test("A linked page's rule that changes what it admits renders the linking pages again")
    func ruleChange() throws {
        let site = try TestSite(pages: [
            "index.md": "---\ntitle: Home\naccess: { roles: [A] }\n---\n",
            "x.md": "---\ntitle: X\naccess: { roles: [A, B] }\n---\n",
        ])
        try site.build { $0.templatesFolder = TestSite.defaultTheme }
        #expect(try Self.condition(aroundLinkTo: "/x/", in: #require(site.output("index.html"))) == nil)
        try site.write(["x.md": "---\ntitle: X\naccess: { roles: [B] }\n---\n"], under: "site")
        try site.build { $0.templatesFolder = TestSite.defaultTheme }
        let home = try #require(site.output("index.html"))
        #expect(try Self.condition(aroundLinkTo: "/x/", in: home) == Self.guarded(roles: ["B"]))
    }
}
