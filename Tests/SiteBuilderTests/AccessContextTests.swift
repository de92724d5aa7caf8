import AccessRules
import Foundation
import Testing

@testable import SiteBuilder

@Suite("Access in the template context")
struct AccessContextTests {
    private static let report = """
        {{page.access}}|{{page.is_public}}|{{site.contact}}|{{#nav}}{{> nav-item}}{{/nav}}|\
        {{#prev}}{{title}}{{#access_rule}}#{{access_rule}}{{/access_rule}}{{/prev}}|\
        {{#next}}{{title}}{{#access_rule}}#{{access_rule}}{{/access_rule}}{{/next}}
        """

    private static let templates = TestSite.contentOnlyTemplates.merging([
        "page.mustache": report,
        "section.mustache": report
            + "|{{#section_pages}}[{{title}}{{#access_rule}}#{{access_rule}}{{/access_rule}}]{{/section_pages}}",
        "404.mustache": "{{> special}}",
        "403.mustache": "{{> special}}",
        "signed-out.mustache": "{{> special}}",
        "partials/special.mustache":
            "{{page.title}}|{{page.url}}|{{page.access}}|{{page.is_public}}|{{site.contact}}|{{#nav}}{{> nav-item}}{{/nav}}",
        "partials/nav-item.mustache": """
        ({{title}}{{#access_rule}}#{{access_rule}}{{/access_rule}}\
        {{#is_expanded}}{{#children}}{{> nav-item}}{{/children}}{{/is_expanded}})
        """,
    ]) { $1 }

    /// The pages' rules: roles: Staff (`/`, `/a/`), signed-in (`/b/`), roles: Finance.Read (`/b/y/`) and public.
    private static let pages = [
        "site.toml": "contact = \"it@acme.example\"\n",
        "index.md": "---\ntitle: Home\naccess: { roles: [Staff] }\n---\n",
        "a/index.md": "---\ntitle: A\nweight: 1\naccess: { roles: [Staff] }\n---\n",
        "a/x.md": "---\ntitle: X\n---\n",
        "b/index.md": "---\ntitle: B\nweight: 2\n---\n",
        "b/y.md": "---\ntitle: Y\naccess: { roles: [Finance.Read] }\n---\n",
        "c.md": "---\ntitle: C\nweight: 3\naccess: public\n---\n",
    ]

    @Test(
        "Nav items, prev, next and section pages carry access_rule, the rule's id, for a page the reader might not open"
    )
    func accessRuleIDs() throws {
        let site = try TestSite(pages: Self.pages, templates: Self.templates)
        try site.build()
        let contact = "it@acme.example"
        let (staff, finance) = (Self.ruleID(roles: ["Staff"]), Self.ruleID(roles: ["Finance.Read"]))
        // Staff implies signed-in, so the Staff pages link every page of the site plainly.
        #expect(site.output("index.html") == "roles: Staff|false|\(contact)|(A)(B)(C)||A|[A][B][C]")
        #expect(site.output("a/x/index.html") == "roles: Staff|false|\(contact)|(A(X))(B)(C)|A|B")
        #expect(
            site.output("b/index.html")
                == "signed-in|false|\(contact)|(A#\(staff))(B(Y#\(finance)))(C)|X#\(staff)|Y#\(finance)|[Y#\(finance)]")
        #expect(site.output("b/y/index.html") == "roles: Finance.Read|false|\(contact)|(A#\(staff))(B(Y))(C)|B|C")
        #expect(
            site.output("c/index.html")
                == "public|true|\(contact)|(A#\(staff))(B#\(AccessRule.signedIn.id))(C)|Y#\(finance)|")
    }

    @Test("404, 403 and signed-out pages are rendered from their templates, public, with the contact")
    func specialPages() throws {
        let site = try TestSite(pages: Self.pages, templates: Self.templates)
        try site.build()
        let crumbs = "(A#\(Self.ruleID(roles: ["Staff"])))(B#\(AccessRule.signedIn.id))(C)"
        let tail = "public|true|it@acme.example|\(crumbs)"
        #expect(site.output("404.html") == "Page not found|/404.html|\(tail)")
        #expect(site.output("403.html") == "Access denied|/403.html|\(tail)")
        #expect(site.output("signed-out/index.html") == "Signed out|/signed-out/|\(tail)")
        try site.write(["site.toml": ""], under: "site")
        try site.build()
        #expect(site.output("403.html") == "Access denied|/403.html|public|true||\(crumbs)")
    }

    @Test("The default theme wraps links to pages that are not public in SSI conditions on the rule's id")
    func defaultTheme() throws {
        let site = try TestSite(pages: Self.pages)
        try site.build { $0.templatesFolder = TestSite.defaultTheme }
        let staff = Self.guarded(roles: ["Staff"])
        let guarded = #"<!--# if expr="\#(staff)" --><a href="/a/">A</a><!--# endif -->"#
        let html = try #require(site.output("b/index.html"))
        #expect(html.contains(guarded))
        let finance = Self.guarded(roles: ["Finance.Read"])
        #expect(html.contains(#"<!--# if expr="\#(finance)" --><a href="/b/y/">Y</a><!--# endif -->"#))
        #expect(html.contains(#"<li class="is-section is-expanded is-current"><a href="/b/" aria-current"#))
        #expect(
            try #require(site.output("c/index.html")).contains(#"<!--# if expr="$sitegen_user" --><a href="/b/">B</a>"#)
        )
        #expect(
            html.contains(#"<a href="/c/">C</a>"#) && !html.contains(AccessRule.public.id),
            "public pages are never guarded")
        #expect(try #require(site.output("403.html")).contains("it@acme.example"))
        let crumbs = try #require(site.output("b/y/index.html"))
        #expect(
            crumbs.contains(
                #"<li><!--# if expr="\#(staff)" --><a href="/">Home</a><!--# else -->"#
                    + #"<span class="crumb-hidden" title="A section you cannot open">…</span><!--# endif --></li>"#
            ),
            "a breadcrumb to a restricted section is shown only to readers who may open it"
        )
    }

    /// The id of the rule that admits readers with any of these names.
    static func ruleID(roles: [String] = [], groups: [String] = [], users: [String] = []) -> String {
        AccessRule.restricted(Requirement(roles: roles, groups: groups, users: users)).id
    }

    /// The SSI condition that guards a link to a page whose rule admits readers with any of these names.
    static func guarded(roles: [String] = [], groups: [String] = [], users: [String] = []) -> String {
        SatisfiedRules.condition(forRule: ruleID(roles: roles, groups: groups, users: users))
    }

    /// The SSI condition around the first link to `url` in `html`, e.g. `$sitegen_access = /,k4vz2mqa,/`; nil when
    /// the link is shown to every reader. The theme never nests SSI conditions.
    static func condition(aroundLinkTo url: String, in html: String) throws -> String? {
        let link = try #require(html.range(of: "href=\"\(url)\""), "no link to \(url)")
        let before = html[..<link.lowerBound]
        guard let open = before.range(of: #"<!--# if expr=""#, options: .backwards) else {
            return nil
        }
        if let close = before.range(of: "<!--# endif -->", options: .backwards), close.lowerBound > open.lowerBound {
            return nil
        }
        return String(before[open.upperBound...].prefix { $0 != "\"" })
    }

    /// `html` from the first `marker` on.
    static func part(of html: String, from marker: String) throws -> String {
        String(html[try #require(html.range(of: marker), "no \(marker)").lowerBound...])
    }

    @Test("Links to signed-in pages are guarded like restricted ones, so anonymous readers get none of their titles")
    func signedInTitles() throws {
        let site = try TestSite(pages: [
            "index.md": "---\ntitle: Home\naccess: public\n---\n",
            "osprey/index.md": "---\ntitle: Osprey Handbook\n---\n",
            "osprey/heron.md": "---\ntitle: Heron Leave Policy\nweight: 1\n---\n",
            "osprey/visitors.md": "---\ntitle: Visitors\nweight: 2\naccess: public\n---\n",
            "lobby/index.md": "---\ntitle: Lobby\naccess: public\n---\n",
            "lobby/staff.md": "---\ntitle: Staff Room\naccess: signed-in\n---\n",
        ])
        try site.build { $0.templatesFolder = TestSite.defaultTheme }
        let signedIn = "$sitegen_user"
        let home = try #require(site.output("index.html"))
        #expect(try Self.condition(aroundLinkTo: "/osprey/", in: home) == signedIn)
        let visitors = try #require(site.output("osprey/visitors/index.html"))
        #expect(try Self.condition(aroundLinkTo: "/osprey/visitors/", in: visitors) == nil)
        #expect(try Self.condition(aroundLinkTo: "/osprey/heron/", in: visitors) == signedIn)
        let crumbs = try Self.part(of: visitors, from: #"<nav class="breadcrumbs""#)
        #expect(try Self.condition(aroundLinkTo: "/osprey/", in: crumbs) == signedIn, "breadcrumb")
        let pager = try Self.part(of: visitors, from: #"<nav class="pager""#)
        #expect(try Self.condition(aroundLinkTo: "/osprey/heron/", in: pager) == signedIn, "pager")
        let section = try Self.part(of: try #require(site.output("lobby/index.html")), from: "section-list")
        #expect(try Self.condition(aroundLinkTo: "/lobby/staff/", in: section) == signedIn, "card")
        let signedInSection = try Self.part(of: try #require(site.output("osprey/index.html")), from: "section-list")
        #expect(try Self.condition(aroundLinkTo: "/osprey/heron/", in: signedInSection) == nil, "card, same rule")
    }

    @Test("A public page in a restricted section is linked without the section's condition; its siblings keep theirs")
    func publicPageInRestrictedSection() throws {
        let site = try TestSite(pages: [
            "index.md": "---\ntitle: Home\naccess: public\n---\n",
            "fin/index.md": "---\ntitle: Finance\naccess: { roles: [Finance.Read] }\n---\n",
            "fin/report.md": "---\ntitle: Report\nweight: 1\n---\n",
            "fin/press.md": "---\ntitle: Press\nweight: 2\naccess: public\n---\n",
            "fin/plan.md": "---\ntitle: Plan\nweight: 3\n---\n",
            "fin/open/index.md": "---\ntitle: Open\nweight: 4\naccess: public\n---\n",
            "fin/open/notes.md": "---\ntitle: Notes\n---\n",
        ])
        try site.build { $0.templatesFolder = TestSite.defaultTheme }
        let finance = Self.guarded(roles: ["Finance.Read"])
        // The section's own pages link each other plainly: every reader of theirs passes the section's rule.
        for path in ["fin/index.html", "fin/report/index.html", "fin/press/index.html", "fin/plan/index.html"] {
            let html = try #require(site.output(path))
            let expected = path == "fin/press/index.html" ? finance : nil
            #expect(try Self.condition(aroundLinkTo: "/fin/press/", in: html) == nil, "nav of \(path)")
            #expect(try Self.condition(aroundLinkTo: "/fin/open/", in: html) == nil, "nav of \(path)")
            #expect(try Self.condition(aroundLinkTo: "/fin/", in: html) == expected, "nav of \(path)")
            #expect(try Self.condition(aroundLinkTo: "/fin/report/", in: html) == expected, "nav of \(path)")
            #expect(try Self.condition(aroundLinkTo: "/fin/plan/", in: html) == expected, "nav of \(path)")
        }
        let notes = try #require(site.output("fin/open/notes/index.html"))
        #expect(try Self.condition(aroundLinkTo: "/fin/open/notes/", in: notes) == nil)
        // The section's cards list the pages in nav order, after the nav, which links them all first.
        let section = try #require(site.output("fin/index.html"))
        let cards = try Self.part(of: section, from: #"<ul class="section-list">"#)
        #expect(try Self.condition(aroundLinkTo: "/fin/press/", in: cards) == nil, "card")
        #expect(try Self.condition(aroundLinkTo: "/fin/open/", in: cards) == nil, "card")
        #expect(try Self.condition(aroundLinkTo: "/fin/report/", in: cards) == nil, "card under the section's rule")
        #expect(try Self.condition(aroundLinkTo: "/fin/plan/", in: cards) == nil, "card under the section's rule")
        // Previous and next: report → press → plan.
        for (path, url) in [("fin/report/index.html", "/fin/press/"), ("fin/plan/index.html", "/fin/press/")] {
            let html = try #require(site.output(path))
            let pager = try Self.part(of: html, from: #"<nav class="pager""#)
            #expect(try Self.condition(aroundLinkTo: url, in: pager) == nil, "pager of \(path)")
        }
        let press = try #require(site.output("fin/press/index.html"))
        let pager = try Self.part(of: press, from: #"<nav class="pager""#)
        #expect(try Self.condition(aroundLinkTo: "/fin/report/", in: pager) == finance)
        #expect(try Self.condition(aroundLinkTo: "/fin/plan/", in: pager) == finance)
        // Breadcrumbs of the notes: Home, Finance (guarded), Open (not guarded).
        let crumbs = try Self.part(of: notes, from: #"<nav class="breadcrumbs""#)
        #expect(try Self.condition(aroundLinkTo: "/", in: crumbs) == nil)
        #expect(try Self.condition(aroundLinkTo: "/fin/", in: crumbs) == finance)
        #expect(try Self.condition(aroundLinkTo: "/fin/open/", in: crumbs) == nil)
    }

    @Test("A site file at the URL of the 403 or signed-out page is an error")
    func clashes() throws {
        let site = try TestSite(pages: ["index.md": "", "403.html": "<p>mine</p>", "signed-out/index.md": ""])
        #expect(
            site.buildErrors() == [
                "site/403.html: content: the 403 page (403.mustache) and site/403.html both map to /403.html; "
                    + "rename or move one of them",
                "site/signed-out/index.md: url: the signed-out page (signed-out.mustache) and "
                    + "site/signed-out/index.md both map to /signed-out/; rename or move one of them",
            ])
    }
}
