import Testing

@testable import SiteBuilder

@Suite("Templates")
struct TemplateTests {
    @Test("A {{> partial}} or {{<parent}} naming nothing is an error with the template's file and line")
    func unresolvedNames() throws {
        let templates = TestSite.contentOnlyTemplates.merging([
            "page.mustache": "{{<layout}}{{$content}}\n{{> sidebar }}{{/content}}{{/layout}}",
            "section.mustache": "{{! comment }}\n\n{{<base}}{{/base}}",
            "partials/nav.mustache": "{{#nav}}{{>nav-item}}{{/nav}}{{>*dynamic}}",
        ]) { $1 }
        let site = try TestSite(pages: ["index.md": ""], templates: templates)
        #expect(
            site.buildErrors() == [
                "templates/page.mustache:2: template: '{{> sidebar}}' names no partial; "
                    + "add templates/partials/sidebar.mustache",
                "templates/section.mustache:3: template: '{{<base}}' names no template; add templates/base.mustache",
            ])
    }

    @Test("Front matter 'template:' must name a template; an existing one is used")
    func pickedTemplate() throws {
        let templates = TestSite.contentOnlyTemplates.merging(["landing.mustache": "LANDING {{page.title}}"]) { $1 }
        let site = try TestSite(
            pages: ["index.md": "---\ntemplate: landing\ntitle: Hi\n---\n"], templates: templates)
        try site.build()
        #expect(site.output("index.html") == "LANDING Hi")
        try site.write(["other.md": "---\ntitle: x\ntemplate: nope\n---\n"], under: "site")
        #expect(
            site.buildErrors() == [
                "site/other.md:3: template: 'template: nope' names no template; add templates/nope.mustache "
                    + "or use one of: 403, 404, landing, layout, page, section, signed-out"
            ])
    }

    @Test("Template syntax errors name the file and line")
    func syntaxError() throws {
        let templates = TestSite.contentOnlyTemplates.merging([
            "page.mustache": "a\n{{#open}}\nb", "partials/foot.mustache": "{{#x}}",
            "section.mustache": "{{> foot}}",
        ]) { $1 }
        let site = try TestSite(pages: ["index.md": ""], templates: templates)
        let errors = site.buildErrors()
        #expect(errors.count == 2, "a partial that cannot be read is not also called missing: \(errors)")
        #expect(errors.last?.hasPrefix("templates/partials/foot.mustache:1: template: a section") == true)
        #expect(
            errors.first?.hasPrefix("templates/page.mustache:3: template: a section {{#…}} or {{^…}} is never closed")
                == true)
    }

    @Test("A missing templates folder is one clear error")
    func missingFolder() throws {
        let site = try TestSite(pages: ["index.md": ""], templates: [:])
        #expect(site.buildErrors().first?.hasPrefix("template: the templates folder") == true)
    }

    @Test("Layout blocks, partials and the full context render together")
    func inheritance() throws {
        let templates = TestSite.contentOnlyTemplates.merging([
            "layout.mustache": """
            <title>{{$title}}{{page.title}} – {{site.title}}{{/title}}</title>{{$head}}{{/head}}
            <main>{{$content}}{{/content}}</main><aside>{{$sidebar}}{{> nav}}{{/sidebar}}</aside>{{> footer}}
            """,
            "page.mustache":
                "{{<layout}}{{$head}}<meta name=x>{{/head}}{{$content}}{{{page.content_html}}}{{/content}}{{/layout}}",
            "partials/nav.mustache": "{{#nav}}<a href=\"{{url}}\">{{title}}</a>{{/nav}}",
            "partials/footer.mustache": "<footer>{{{site.footer_html}}} {{site.generator}} {{site.root_url}}</footer>",
        ]) { $1 }
        let site = try TestSite(
            pages: [
                "site.toml": "title = \"Docs\"\nfooter = \"© *Team*\"\n",
                "index.md": "",
                "a.md": "# A & `B`\n\nBody.\n",
            ], templates: templates)
        try site.build()
        #expect(
            site.output("a/index.html") == """
                <title>A &amp; B – Docs</title><meta name=x>
                <main><p>Body.</p>
                </main><aside><a href="/a/">A &amp; B</a></aside><footer>© <em>Team</em> sitegen 0.1.0 /</footer>
                """)
    }

    @Test("Objects of the context have swift-mustache's dictionary transforms: count, empty, enumerated, sorted")
    func objectTransforms() throws {
        let page =
            "{{#enumerated(page.params)}}{{key}}={{value}};{{/enumerated(page.params)}}|{{count(site.params)}}|"
            + "{{#sorted(site.params)}}{{key}}{{/sorted(site.params)}}|{{^empty(page.params)}}some{{/empty(page.params)}}"
        let templates = TestSite.contentOnlyTemplates.merging(["page.mustache": page, "section.mustache": page]) { $1 }
        let site = try TestSite(
            pages: [
                "site.toml": "[params]\nb = 2\na = \"one\"\n",
                "index.md": "---\nauthor: Ann\nlevel: 3\n---\n",
                "plain.md": "",
            ], templates: templates)
        try site.build()
        #expect(site.output("index.html") == "author=Ann;level=3;|2|ab|some")
        #expect(site.output("plain/index.html") == "|2|ab|")
    }

    @Test("Template references are found with their lines; dynamic names are skipped")
    func references() {
        let found = TemplateReferences.find(in: "{{>a}}\n{{< b }}\n{{>*c}}{{! {{>d}} }}\n{{{x}}}{{> e}}")
        #expect(found.map(\.name) == ["a", "b", "e"])
        #expect(found.map(\.line) == [1, 2, 4])
        #expect(found.map(\.isParent) == [false, true, false])
    }

    @Test("Tags are read with their sigil, trimmed name, line and whether they stand alone indented")
    func tags() {
        let source =
            "<p>{{title}}</p>\n  {{#items}}\t\n{{{raw}}}} {{& amp }}\n\t{{> item }}\n{{!\nnote\n}} {{/items}}\n"
            + "  {{^none}}x\n{{ é }}{{=<% %>=}}\n  {{unclosed"
        let tags = TemplateTags.scan(source)
        #expect(tags.map(\.sigil) == [nil, "#", "{", "&", ">", "!", "/", "^", nil, "="])
        #expect(tags.map(\.name) == ["title", "items", "raw", "amp", "item", "note", "items", "none", "é", "<% %>="])
        #expect(tags.map(\.line) == [1, 2, 3, 3, 4, 5, 7, 8, 9, 9])
        #expect(
            tags.map(\.isIndentedStandalone) == [false, true, false, false, true, false, false, false, false, false])
    }
}
