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

    /// Rules by sorted path: 0 roles: Staff (`/`), 1 public (`/403.html`), 2 signed-in (`/b/`), 3 roles: Finance.Read.
    private static let pages = [
        "site.toml": "contact = \"it@acme.example\"\n",
        "index.md": "---\ntitle: Home\naccess: { roles: [Staff] }\n---\n",
        "a/index.md": "---\ntitle: A\nweight: 1\naccess: { roles: [Staff] }\n---\n",
        "a/x.md": "---\ntitle: X\n---\n",
        "b/index.md": "---\ntitle: B\nweight: 2\n---\n",
        "b/y.md": "---\ntitle: Y\naccess: { roles: [Finance.Read] }\n---\n",
        "c.md": "---\ntitle: C\nweight: 3\naccess: public\n---\n",
    ]

    @Test("Nav items, prev, next and section pages carry access_rule only for restricted pages; rule 0 renders")
    func accessRuleNumbers() throws {
        let site = try TestSite(pages: Self.pages, templates: Self.templates)
        try site.build()
        let contact = "it@acme.example"
        #expect(site.output("index.html") == "roles: Staff|false|\(contact)|(A#0)(B)(C)||A#0|[A#0][B][C]")
        #expect(site.output("a/x/index.html") == "roles: Staff|false|\(contact)|(A#0(X#0))(B)(C)|A#0|B")
        #expect(site.output("b/index.html") == "signed-in|false|\(contact)|(A#0)(B(Y#3))(C)|X#0|Y#3|[Y#3]")
        #expect(site.output("b/y/index.html") == "roles: Finance.Read|false|\(contact)|(A#0)(B(Y#3))(C)|B|C")
        #expect(site.output("c/index.html") == "public|true|\(contact)|(A#0)(B)(C)|Y#3|")
    }

    @Test("404, 403 and signed-out pages are rendered from their templates, public, with the contact")
    func specialPages() throws {
        let site = try TestSite(pages: Self.pages, templates: Self.templates)
        try site.build()
        let tail = "public|true|it@acme.example|(A#0)(B)(C)"
        #expect(site.output("404.html") == "Page not found|/404.html|\(tail)")
        #expect(site.output("403.html") == "Access denied|/403.html|\(tail)")
        #expect(site.output("signed-out/index.html") == "Signed out|/signed-out/|\(tail)")
        try site.write(["site.toml": ""], under: "site")
        try site.build()
        #expect(site.output("403.html") == "Access denied|/403.html|public|true||(A#0)(B)(C)")
    }

    @Test("The default theme wraps restricted links in SSI conditions on the rule number, 0 included")
    func defaultTheme() throws {
        let theme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../templates")
        let site = try TestSite(pages: Self.pages)
        try site.build { $0.templatesFolder = theme.standardizedFileURL.path }
        let guarded = #"<!--# if expr="$sitegen_access = /,0,/" --><a href="/a/">A</a><!--# endif -->"#
        let html = try #require(site.output("b/index.html"))
        #expect(html.contains(guarded))
        #expect(html.contains(#"<!--# if expr="$sitegen_access = /,3,/" --><a href="/b/y/">Y</a><!--# endif -->"#))
        #expect(!html.contains(#"/,2,/"#))
        #expect(try #require(site.output("403.html")).contains("it@acme.example"))
        let crumbs = try #require(site.output("a/x/index.html"))
        #expect(
            crumbs.contains(
                #"<li><!--# if expr="$sitegen_access = /,0,/" --><a href="/a/">A</a><!--# else -->"#
                    + #"<span class="crumb-hidden" title="A section you cannot open">…</span><!--# endif --></li>"#
            ),
            "a breadcrumb to a restricted section is shown only to readers who may open it"
        )
    }

    @Test("A site file at the URL of the 403 or signed-out page is an error; their templates are required")
    func clashesAndRequiredTemplates() throws {
        let site = try TestSite(pages: ["index.md": "", "403.html": "<p>mine</p>", "signed-out/index.md": ""])
        #expect(
            site.buildErrors() == [
                "site/403.html: content: the 403 page (403.mustache) and site/403.html both map to /403.html; "
                    + "rename or move one of them",
                "site/signed-out/index.md: url: the signed-out page (signed-out.mustache) and "
                    + "site/signed-out/index.md both map to /signed-out/; rename or move one of them",
            ])
        var templates = TestSite.contentOnlyTemplates
        templates["signed-out.mustache"] = nil
        let themeless = try TestSite(pages: ["index.md": ""], templates: templates)
        #expect(
            themeless.buildErrors() == [
                "templates/signed-out.mustache: template: this required template is missing; "
                    + "every theme needs page, section, 404, 403 and signed-out"
            ])
    }
}
