import Testing

@testable import SiteBuilder

@Suite("Markdown rendering")
struct MarkdownTests {
    @Test("GFM extensions, raw HTML, tag filter and highlighted code render as expected")
    func extensions() throws {
        let site = try TestSite(pages: [
            "index.md": """
            ## Table

            | a | b |
            |---|---|
            | 1 | 2 |

            ~~gone~~ www.example.com

            - [x] done
            - [ ] todo

            <div class="note">raw</div>

            <script>alert(1)</script>

            ```swift
            let x = 1
            ```

            Note[^1].

            [^1]: The note.
            """
        ])
        try site.build()
        let expected = """
            <h2 id="table">Table</h2>
            <table>
            <thead>
            <tr>
            <th>a</th>
            <th>b</th>
            </tr>
            </thead>
            <tbody>
            <tr>
            <td>1</td>
            <td>2</td>
            </tr>
            </tbody>
            </table>
            <p><del>gone</del> <a href="http://www.example.com">www.example.com</a></p>
            <ul>
            <li><input type="checkbox" checked="" disabled="" aria-label="Done" /> done</li>
            <li><input type="checkbox" disabled="" aria-label="Not done" /> todo</li>
            </ul>
            <div class="note">raw</div>
            &lt;script>alert(1)&lt;/script>
            <pre><code class="language-swift"><span class="hl-kw">let</span> <span class="hl-va">x</span> \
            <span class="hl-op">=</span> <span class="hl-dv">1</span>
            </code></pre>
            <p>Note<sup class="footnote-ref"><a href="#fn-1" id="fnref-1" data-footnote-ref>1</a></sup>.</p>
            <section class="footnotes" data-footnotes>
            <ol>
            <li id="fn-1">
            <p>The note. <a href="#fnref-1" class="footnote-backref" data-footnote-backref \
            aria-label="Back to content">↩</a></p>
            </li>
            </ol>
            </section>

            """
        #expect(site.output("index.html") == expected)
    }

    @Test("Heading ids are GitHub-style slugs, unique within the page")
    func headingIDs() throws {
        let site = try TestSite(pages: [
            "index.md": """
            ---
            title: Heading ids
            ---
            # Set up *nginx*!
            ## Proxy
            ## Proxy
            ## Proxy-1
            ## C++ & Swift_6 — ok?
            ## ???
            """
        ])
        try site.build()
        let expected = """
            <h1 id="set-up-nginx">Set up <em>nginx</em>!</h1>
            <h2 id="proxy">Proxy</h2>
            <h2 id="proxy-1">Proxy</h2>
            <h2 id="proxy-1-1">Proxy-1</h2>
            <h2 id="c--swift_6--ok">C++ &amp; Swift_6 — ok?</h2>
            <h2 id="section">???</h2>

            """
        #expect(site.output("index.html") == expected)
    }

    @Test("Slugs: lowercase, spaces to '-', punctuation dropped, letters of any script kept")
    func slugs() {
        #expect(HeadingIDs.slug("Hello World") == "hello-world")
        #expect(HeadingIDs.slug("What's new in 2.0?") == "whats-new-in-20")
        #expect(HeadingIDs.slug("Größe ändern") == "größe-ändern")
        #expect(HeadingIDs.slug("  two  spaces ") == "--two--spaces-")
        let headings = ["a", "a", "a-1", "a"].map { Heading(level: 2, text: $0) }
        #expect(HeadingIDs.ids(for: headings).ids == ["a", "a-1", "a-1-1", "a-2"])
    }

    @Test("The table of contents lists h2 with their h3 children; has_toc needs two entries")
    func tableOfContents() throws {
        let templates = TestSite.contentOnlyTemplates.merging([
            "page.mustache": """
            {{#page.has_toc}}{{#page.toc}}[{{id}}:{{title}}{{#children}} ({{id}}:{{title}}){{/children}}]{{/page.toc}}{{/page.has_toc}}
            """
        ]) { $1 }
        let site = try TestSite(
            pages: [
                "index.md": "",
                "long.md": "# Title\n### Early\n## One\n### One A\n#### Deep\n### One B\n## Two\n",
                "short.md": "## Only\n",
            ], templates: templates)
        try site.build()
        #expect(site.output("long/index.html") == "[early:Early][one:One (one-a:One A) (one-b:One B)][two:Two]")
        #expect(site.output("short/index.html") == "")
    }

    @Test("Reading time counts words at 220 a minute, at least one")
    func readingMinutes() throws {
        let templates = TestSite.contentOnlyTemplates.merging(["page.mustache": "{{page.reading_minutes}}"]) { $1 }
        let words = Array(repeating: "word", count: 660).joined(separator: " ")
        let site = try TestSite(pages: ["index.md": "", "long.md": words, "short.md": "Hi."], templates: templates)
        try site.build()
        #expect(site.output("long/index.html") == "3")
        #expect(site.output("short/index.html") == "1")
    }
}
