import Foundation
import Testing

@testable import SiteBuilder

/// Jekyll's `{% include %}` and `{% include_relative %}` in a Jekyll source (a site folder with `_config.yml`): the
/// file put in place with its parameters, the errors, the access rules and rebuilds; elsewhere the tags are text.
@Suite("Liquid includes")
struct LiquidIncludeTests {
    static func jekyllSite(_ pages: [String: String]) throws -> TestSite {
        let site = try TestSite(pages: pages.merging(["_config.yml": "title: Docs\n"]) { page, _ in page })
        try site.write(
            [
                "note.md": "A **note** for {{ include.who }}{{include.none}}, {{- include.who | upcase -}}.\n",
                "banner.html": "<div class=\"banner\">{{ include.text }}</div>\n",
            ], under: "site/_includes")
        return site
    }

    @Test("A file of _includes/ with its parameters, one relative to the page, inline and at a line's start")
    func includes() throws {
        let site = try Self.jekyllSite([
            "index.md": """
            {% include note.md who="readers" %}

            {%- include banner.html text='Hello' -%}

            Inline: {% include_relative guide/part.md %} end.
            """,
            "guide/part.md": "relative *part*",
        ])
        try site.build()
        let html = try #require(site.output("index.html"))
        #expect(html.contains("<p>A <strong>note</strong> for readers,readers.</p>"), "\(html)")
        #expect(html.contains("<div class=\"banner\">Hello</div>"), "\(html)")
        #expect(html.contains("<p>Inline: relative <em>part</em> end.</p>"), "\(html)")
    }

    @Test("Between raw and endraw, with a variable for a path, and outside a Jekyll source the tags are text")
    func tagsLeftAsText() throws {
        let site = try Self.jekyllSite([
            "index.md": """
            {% raw %}
            {% include note.md who="x" %}
            {% endraw %}

            {% include {{ page.note }} %} and {% include note.md who=page.who %}
            """
        ])
        try site.build()
        let html = try #require(site.output("index.html"))
        #expect(html.contains("{% include note.md who=&quot;x&quot; %}"), "\(html)")
        #expect(html.contains("{% include {{ page.note }} %} and {% include note.md who=page.who %}"), "\(html)")
        let plain = try TestSite(pages: ["index.md": "{% include note.md %}\n"])
        try plain.build()
        #expect(plain.output("index.html") == "<p>{% include note.md %}</p>\n")
    }

    @Test("A missing file is an error naming where it was looked for; a stricter page is refused as for mdBook")
    func errors() throws {
        let site = try Self.jekyllSite([
            "index.md": "Text.\n\n{% include missing.md %}\n",
            "finance/index.md": "---\naccess: { roles: [finance] }\n---\nSECRET\n",
            "open.md": "{% include_relative finance/index.md %}\n",
        ])
        let errors = site.buildErrors()
        #expect(errors.count == 2, "\(errors)")
        #expect(
            errors.contains { $0.contains("site/index.md:3") && $0.contains("site/_includes/missing.md") }, "\(errors)")
        #expect(errors.contains { $0.contains("site/open.md") && $0.contains("role") }, "\(errors)")
    }

    @Test("A page is built again when only the file it includes changes")
    func rebuilds() throws {
        let site = try Self.jekyllSite(["index.md": "{% include note.md who=\"you\" %}\n", "other.md": "Other.\n"])
        try site.build()
        try site.write(["note.md": "Changed for {{ include.who }}.\n"], under: "site/_includes")
        let report = try site.build()
        #expect(site.output("index.html") == "<p>Changed for you.</p>\n")
        #expect(report.changedFiles == ["index.html"], "\(report.changedFiles)")
    }
}
