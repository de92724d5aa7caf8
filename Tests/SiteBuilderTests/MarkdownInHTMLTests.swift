import AccessRules
import Foundation
import Testing

@testable import SiteBuilder

/// Python-Markdown's md_in_html, as MkDocs Material's figures, grids and cards are written.
@Suite("Markdown inside HTML elements, where mkdocs.yml lists md_in_html")
struct MarkdownInHTMLTests {
    @Test("The tags become blocks of their own, the attribute goes, the content is dedented, line for line")
    func rewrite() {
        let figure = """
            <figure markdown="span">
              ![Setup](setup.png){ width="300" }
              <figcaption>The setup screen</figcaption>
            </figure>
            """
        #expect(
            MarkdownInHTML.rewrite(figure) == """
                <!--markdown=span--><figure>
                ![Setup](setup.png){ width="300" }
                <figcaption>The setup screen</figcaption>
                <!----></figure>
                """)
        #expect(
            MarkdownInHTML.rewrite("<div class=\"grid cards\" markdown>\n\n- **a**\n\n</div>")
                == "<!----><div class=\"grid cards\">\n\n- **a**\n\n<!----></div>")
        #expect(
            MarkdownInHTML.rewrite("<DIV markdown='1' id=x>\n*a*\n<div>\ninner\n</div>\n</DIV>\nafter")
                == "<!----><DIV id=x>\n*a*\n<div>\ninner\n</div>\n<!----></DIV>\nafter",
            "a tag of the same name inside is closed first")
        #expect(
            MarkdownInHTML.rewrite("<details markdown=\"block\">\n<summary>More</summary>\n\n- item\n</details>")
                == "<!----><details>\n<summary>More</summary>\n\n- item\n<!----></details>")
    }

    @Test("In span mode the content's paragraphs are their text alone; in block mode and outside, paragraphs")
    func spanMode() {
        let markdown = """
            <p markdown="span">
            A *span* with [a link](https://example.com)
            </p>

            <div markdown="block">
            A *block*
            </div>

            After **both**.
            """
        let html = MarkdownDocument(markdown: markdown, dialect: MarkdownDialect(markdownInHTML: true))
            .renderHTML(headingIDs: [])
        #expect(
            html == """
                <p>
                A <em>span</em> with <a href="https://example.com">a link</a>
                <!----></p>
                <!----><div>
                <p>A <em>block</em></p>
                <!----></div>
                <p>After <strong>both</strong>.</p>

                """, "\(html)")
    }

    @Test("Other tags, other values, raw elements, code, a tag with text beside it or never closed stay as written")
    func leftAlone() {
        for markdown in [
            "<div>\n*a*\n</div>", "<div markdown=\"0\">\n*a*\n</div>", "<div data-markdown>\n*a*\n</div>",
            "<pre markdown>\n*a*\n</pre>", "```html\n<div markdown>\n*a*\n</div>\n```",
            "<div markdown>*a*</div>", "<div markdown>\n*a* and nothing closes it", "    <div markdown>\n*a*\n</div>",
            "Text about the markdown attribute.", "<div title=\"see markdown docs\">\n*a*\n</div>",
            "<div data-x='a markdown=1'>\n*a*\n</div>", "<div markdown>",
        ] {
            #expect(MarkdownInHTML.rewrite(markdown) == nil, "\(markdown)")
        }
    }

    @Test("A Material figure's image is an image, checked and given the page's rule; without md_in_html, text")
    func inABuild() throws {
        let site = try TestSite(pages: [:])
        let page = """
            ---
            access: { roles: [Finance.Read] }
            ---
            # Report

            <figure markdown="span">
              ![Chart](chart.png){ width="300" }
              <figcaption>Q3 revenue</figcaption>
            </figure>

            <div class="grid cards" markdown>

            - __Plan__ for [the year](missing.md)

            </div>
            """
        try site.write(
            [
                "mkdocs.yml": "site_name: Docs\nmarkdown_extensions:\n  - attr_list\n  - md_in_html\n",
                "docs/index.md": "# Home\n", "docs/report.md": page, "docs/chart.png": "png",
            ], under: "")
        let errors = site.buildErrors { $0.siteFolder = site.root + "/docs" }
        #expect(
            errors.count == 1 && errors.first?.hasPrefix("docs/report.md:13: link: 'missing.md'") == true, "\(errors)")

        try site.write(
            ["docs/report.md": page.replacingOccurrences(of: "[the year](missing.md)", with: "the year")], under: "")
        try site.build { $0.siteFolder = site.root + "/docs" }
        let html = try #require(site.output("report/index.html"))
        #expect(
            html.contains(
                #"<figure>"# + "\n" + #"<img src="/chart.png" alt="Chart" width="300" />"# + "\n<figcaption>"),
            "in span mode the image is the figure's own, in no paragraph: \(html)")
        #expect(html.contains("<figcaption>Q3 revenue</figcaption>\n<!----></figure>"), "\(html)")
        #expect(!html.contains("span-->"), "the mark is taken out")
        #expect(html.contains(#"<div class="grid cards">"#) && html.contains("<strong>Plan</strong> for the year"))
        #expect(!html.contains("![Chart]") && !html.contains("markdown"))
        let manifest = try JSONDecoder().decode(
            AccessManifest.self, from: Data(try #require(site.output(AccessManifest.relativePath)).utf8))
        let rule = try #require(manifest.paths["/chart.png"]).rule
        #expect(
            manifest.rules[rule] == .restricted(Requirement(roles: ["Finance.Read"])), "only a stricter page links it")

        try site.write(["mkdocs.yml": "site_name: Docs\nmarkdown_extensions:\n  - attr_list\n"], under: "")
        try site.build { $0.siteFolder = site.root + "/docs" }
        #expect(site.output("report/index.html")?.contains("![Chart](chart.png)") == true, "GitHub's reading")
    }
}
