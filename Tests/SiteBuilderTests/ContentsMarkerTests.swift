import Testing

@testable import SiteBuilder

/// GitLab's and Python-Markdown's table of contents marker, `[[_TOC_]]` and `[TOC]`.
@Suite("Contents marker")
struct ContentsMarkerTests {
    @Test("A marker alone in a paragraph is the page's h2 and h3 headings as links, where it stands, each time")
    func marker() throws {
        let site = try TestSite(pages: [
            "index.md": "# Home\n",
            "notes.md": """
            # Notes

            [[_TOC_]]

            ## A & B

            ### Deeper :tada:

            ## C {#see}

            #### Not listed

              [TOC]  
            """,
        ])
        try site.build()
        let contents =
            "<nav class=\"toc-marker\" aria-label=\"Contents\"><ul class=\"toc-list\">"
            + "<li><a href=\"#a--b\">A &amp; B</a><ul><li><a href=\"#deeper-tada\">Deeper 🎉</a></li></ul></li>"
            + "<li><a href=\"#see\">C</a></li></ul></nav>\n"
        #expect(
            site.output("notes/index.html")
                == contents + "<h2 id=\"a--b\">A &amp; B</h2>\n<h3 id=\"deeper-tada\">Deeper 🎉</h3>\n"
                + "<h2 id=\"see\">C</h2>\n<h4 id=\"not-listed\">Not listed</h4>\n" + contents)
    }

    @Test("On a page without h2 or h3 headings the marker shows nothing")
    func noHeadings() throws {
        let site = try TestSite(pages: ["index.md": "# Home\n\n[TOC]\n\nText.\n"])
        try site.build()
        #expect(site.output("index.html") == "<p>Text.</p>\n")
    }

    @Test(
        "A marker in a list, a quote, code or beside text, another spelling, or a link a definition names stays as written"
    )
    func notMarkers() throws {
        let site = try TestSite(pages: [
            "index.md": """
            # Home

            - [TOC]

            > [[_TOC_]]

            `[TOC]` and [TOC] here

            [[TOC]]
            [TOC]

            [toc]

            [Contents]: /

            [Contents]

            ```
            [TOC]
            ```

            ## Heading
            """,
            "TOC.md": "# Contents page\n",
        ])
        try site.build()
        let html = site.output("index.html") ?? ""
        #expect(!html.contains("toc-marker"), "\(html)")
        #expect(html.contains("<li>[TOC]</li>"))
        #expect(html.contains("<p>[[<em>TOC</em>]]</p>"), "\(html)")
        #expect(html.contains("<code>[TOC]</code> and [TOC] here"))
        #expect(html.contains("<a href=\"/TOC/\">TOC</a>\n[TOC]"), "\(html)")
        #expect(html.contains("<p>[toc]</p>"))
        #expect(html.contains("<a href=\"/\">Contents</a>"))
        #expect(html.contains("<pre><code>[TOC]\n</code></pre>"))
    }
}
