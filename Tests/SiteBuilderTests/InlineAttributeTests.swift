import Foundation
import Testing

@testable import SiteBuilder

@Suite("Attribute lists after links, images, emphasis and code")
struct InlineAttributeTests {
    @Test("A link takes the list's id, classes and attributes, and keeps its title and text")
    func link() {
        #expect(
            MarkdownDocument.html(
                "[Get *started*](https://example.com/a?b=1&c=2 \"Go\"){ .md-button .md-button--primary }, then.\n")
                    == """
                    <p><a href="https://example.com/a?b=1&amp;c=2" title="Go" class="md-button md-button--primary">\
                    Get <em>started</em></a>, then.</p>

                    """)
        #expect(
            MarkdownDocument.html("[x](y){: #top target=_blank rel='noopener noreferrer' class=\"wide\" }\n")
                == "<p><a href=\"y\" id=\"top\" class=\"wide\" target=\"_blank\" rel=\"noopener noreferrer\">x</a></p>\n"
        )
    }

    @Test("An image takes them as cmark writes it, its alt from its text; in a link, both take their own")
    func image() {
        #expect(
            MarkdownDocument.html("![The *flow*](flow.png \"Flow\"){ width=\"480\" loading=lazy }\n")
                == "<p><img src=\"flow.png\" alt=\"The flow\" title=\"Flow\" width=\"480\" loading=\"lazy\" /></p>\n")
        #expect(
            MarkdownDocument.html("[![Logo](logo.png){ width=32 }](https://example.com/){ .home }\n")
                == "<p><a href=\"https://example.com/\" class=\"home\">"
                + "<img src=\"logo.png\" alt=\"Logo\" width=\"32\" /></a></p>\n")
        // A link in an image's text, both with attributes: the image, freed with its text, was done before the link,
        // which was then read after it was freed (found by fuzz-front-matter).
        #expect(
            MarkdownDocument.html("![a [b](c){ .x } d](e.png){ width=3 }\n")
                == "<p><img src=\"e.png\" alt=\"a b d\" width=\"3\" /></p>\n")
    }

    @Test("Emphasis, strong emphasis and code take them too, as kramdown's span lists and attr_list give them")
    func emphasisAndCode() {
        #expect(
            MarkdownDocument.html("**Beta**{: .label } and *new [x](y)*{ #n } run `GET <a>`{ .method }.\n")
                == "<p><strong class=\"label\">Beta</strong> and <em id=\"n\">new <a href=\"y\">x</a></em> run "
                + "<code class=\"method\">GET &lt;a&gt;</code>.</p>\n")
        #expect(
            MarkdownDocument.html("| _a_{ .x } | `b`{ .y } |\n|---|---|\n").contains(
                "<th><em class=\"x\">a</em></th>\n<th><code class=\"y\">b</code></th>"))
        #expect(InlineAttributes.mayHold("*x*{.a}") && InlineAttributes.mayHold("`x`{.a}"))
    }

    @Test("In a table cell, which holds no custom node, the link and the image keep their text")
    func tableCell() {
        let html = MarkdownDocument.html(
            "| [Get *started*](a){ .md-button } | ![Logo](l.png){ width=9 } |\n|---|---|\n")
        #expect(html.contains("<th><a href=\"a\" class=\"md-button\">Get <em>started</em></a></th>"), "\(html)")
        #expect(html.contains("<th><img src=\"l.png\" alt=\"Logo\" width=\"9\" /></th>"), "\(html)")
    }

    @Test("Braces that are no attribute list, after a space, or after other text stay text")
    func notLists() {
        for markdown in [
            "[x](y) { .a }", "[x](y){}", "[x](y){ .a", "[x](y){ a b }", "[x](y){ #a #b }", "*x* { .a }",
            "[x](y){ .a\"b }", "`[x](y){ .a }`", "`x` {.a}", "**x**{ placeholder }",
        ] {
            let page = MarkdownDocument.html(markdown + "\n")
            #expect(page.contains("{") && !page.contains("class="), "\(markdown): \(page)")
        }
        #expect(InlineAttributes.mayHold("[x](y){.a}") && InlineAttributes.mayHold("[x][y]{.a}"))
        #expect(!InlineAttributes.mayHold("[x](y) {.a}"))
    }

    @Test("A built page: the link is resolved and checked first, and keeps the address it resolved to")
    func builtPage() throws {
        let site = try TestSite(pages: [
            "index.md": "[Setup](guide/setup.md#install){ .md-button }\n",
            "guide/setup.md": "# Setup\n\n## Install\n",
        ])
        try site.build()
        let page = try #require(site.output("index.html"))
        #expect(page.contains("<a href=\"/guide/setup/#install\" class=\"md-button\">Setup</a>"), "\(page)")
        try site.write(["index.md": "[Setup](guide/missing.md){ .md-button }\n"], under: "site")
        #expect(site.buildErrors().contains { $0.contains("index.md:1") && $0.contains("missing.md") })
    }
}

@Suite("Attribute lists at the end of a table cell or a definition term, as attr_list reads them")
struct CellAndTermAttributeTests {
    @Test("A cell ending with a list after a space takes it, beside its alignment, in the head and the body")
    func cells() {
        let html = MarkdownDocument.html(
            "| Item { .a } | *Cost* { .num data-x=\"1\" } |\n|:--|--:|\n| x {: #r1 } | 3 |\n")
        #expect(html.contains("<th align=\"left\" class=\"a\">Item</th>"), "\(html)")
        #expect(html.contains("<th align=\"right\" class=\"num\" data-x=\"1\"><em>Cost</em></th>"), "\(html)")
        #expect(html.contains("<td align=\"left\" id=\"r1\">x</td>\n<td align=\"right\">3</td>"), "\(html)")
        #expect(!html.contains("<!--"), "no marker is left")
    }

    @Test("The table's own list and a callout around it still apply")
    func tableAndCallout() {
        #expect(
            MarkdownDocument.html("| a { .x } |\n|---|\n{: .wide }\n")
                == "<table class=\"wide\">\n<thead>\n<tr>\n<th class=\"x\">a</th>\n</tr>\n</thead>\n</table>\n")
        let quoted = MarkdownDocument.html("> [!NOTE]\n> | a { .x } |\n> |---|\n")
        #expect(quoted.contains("callout-note") && quoted.contains("<th class=\"x\">a</th>"), "\(quoted)")
    }

    @Test("A definition term takes one; a definition does not, as in attr_list")
    func terms() {
        #expect(
            MarkdownDocument.html("Term { .x }\n:   Definition { .y }\n\n*Other* {: #o }\n:   More\n")
                == """
                <dl>
                <dt class="x">Term</dt>
                <dd>Definition { .y }</dd>
                <dt id="o"><em>Other</em></dt>
                <dd>More</dd>
                </dl>

                """)
    }

    @Test("Braces without a space before them, in code, empty or no list stay the cell's text")
    func notLists() {
        let html = MarkdownDocument.html(
            "| a | b | c | d |\n|---|---|---|---|\n| 3{ .no } | `x {.a}` | y {} | z { a b } |\n| { .b } | | | |\n")
        for cell in [
            "<td>3{ .no }</td>", "<td><code>x {.a}</code></td>", "<td>y {}</td>", "<td>z { a b }</td>",
            "<td>{ .b }</td>",
        ] {
            #expect(html.contains(cell), "\(cell): \(html)")
        }
        #expect(!TableCellAttributes.mayHold("| a |\n|---|\n| b{.x} |\n"))
        // A comment of the page's own that looks like a marker neither takes a list nor stops the cells after it.
        let commented = MarkdownDocument.html("<!--sitegen-cell 7-->\n\n| a { .x } |\n|---|\n")
        #expect(commented.hasPrefix("<!--sitegen-cell 7-->\n") && commented.contains("<th class=\"x\">a</th>"))
    }
}
