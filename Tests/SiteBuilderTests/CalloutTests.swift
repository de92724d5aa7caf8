import Testing

@testable import SiteBuilder

@Suite("Callouts: GitHub alerts, MkDocs admonitions, Docusaurus and VitePress containers")
struct CalloutTests {
    @Test("A GitHub alert becomes a callout with its kind's title; a plain quote stays a quote")
    func githubAlerts() throws {
        let site = try TestSite(pages: [
            "index.md": """
            > [!WARNING]
            > Mind the *gap*.
            >
            > Second paragraph.

            > [!tip]
            > Lower case works.

            > [!SHOUT]
            > Unknown kinds are notes.

            > [!NOTE] not alone on its line
            > is titled, as in Obsidian.

            > A plain quote.
            """
        ])
        try site.build()
        let expected = """
            <div class="callout callout-warning" role="note">
            <p class="callout-title">Warning</p>
            <p>Mind the <em>gap</em>.</p>
            <p>Second paragraph.</p>
            </div>
            <div class="callout callout-tip" role="note">
            <p class="callout-title">Tip</p>
            <p>Lower case works.</p>
            </div>
            <div class="callout callout-note" role="note">
            <p class="callout-title">Shout</p>
            <p>Unknown kinds are notes.</p>
            </div>
            <div class="callout callout-note" role="note">
            <p class="callout-title">not alone on its line</p>
            <p>is titled, as in Obsidian.</p>
            </div>
            <blockquote>
            <p>A plain quote.</p>
            </blockquote>

            """
        #expect(site.output("index.html") == expected)
    }

    @Test("Obsidian's callouts: a title in Markdown after the marker, folded with - and open with +, a title alone")
    func obsidianCallouts() throws {
        let site = try TestSite(pages: [
            "index.md": """
            > [!faq]- Why *fold* [it](setup.md)?
            > Folded.

            > [!example]+
            > Open, titled by its kind.

            > [!warning] Only a title

            - > [!tip] In a list
              > Body.

            > [!note]x
            > [!note]] y

            > Text first
            > [!note] then a marker
            """,
            "setup.md": "# Setup\n",
        ])
        try site.build()
        let expected = """
            <details class="callout callout-note">
            <summary class="callout-title">Why <em>fold</em> <a href="/setup/">it</a>?</summary>
            <p>Folded.</p>
            </details>
            <details class="callout callout-note" open>
            <summary class="callout-title">Example</summary>
            <p>Open, titled by its kind.</p>
            </details>
            <div class="callout callout-warning" role="note">
            <p class="callout-title">Only a title</p>
            </div>
            <ul>
            <li>
            <div class="callout callout-tip" role="note">
            <p class="callout-title">In a list</p>
            <p>Body.</p>
            </div>
            </li>
            </ul>
            <blockquote>
            <p>[!note]x
            [!note]] y</p>
            </blockquote>
            <blockquote>
            <p>Text first
            [!note] then a marker</p>
            </blockquote>

            """
        #expect(site.output("index.html") == expected, "\(site.output("index.html") ?? "")")
    }

    @Test("MkDocs admonitions: titles, no title, collapsible, nested, code kept, fenced code untouched")
    func admonitions() throws {
        let site = try TestSite(pages: [
            "index.md": """
            !!! danger "Do not *touch*"
                The wire is live.

                    indented code

                !!! tip
                    Nested.

            ??? note "More"
                Hidden at first.

            ???+ info
                Open at first.

            !!! note ""
                No title.

            ```
            !!! note
                left alone
            ```
            """
        ])
        try site.build()
        let expected = """
            <div class="callout callout-caution" role="note">
            <p class="callout-title">Do not <em>touch</em></p>
            <p>The wire is live.</p>
            <pre><code>indented code
            </code></pre>
            <div class="callout callout-tip" role="note">
            <p class="callout-title">Tip</p>
            <p>Nested.</p>
            </div>
            </div>
            <details class="callout callout-note">
            <summary class="callout-title">More</summary>
            <p>Hidden at first.</p>
            </details>
            <details class="callout callout-note" open>
            <summary class="callout-title">Info</summary>
            <p>Open at first.</p>
            </details>
            <div class="callout callout-note" role="note">
            <p>No title.</p>
            </div>
            <pre><code>!!! note
                left alone
            </code></pre>

            """
        #expect(site.output("index.html") == expected)
    }

    @Test("A title is Markdown: emphasis, code and raw HTML shown; a link shows its text; a block marker is text")
    func markdownTitles() throws {
        let site = try TestSite(pages: [
            "index.md": """
            !!! note "Use `--flag` *here* & <kbd>now</kbd>"
                A.

            :::tip[See [the guide](guide.md) ~~then~~]
            B.
            :::

            ??? warning "# Not a heading"
                C.

            === "Tab **one**"

                D.
            """
        ])
        try site.build()
        let html = try #require(site.output("index.html"))
        #expect(
            html.contains(
                "<p class=\"callout-title\">Use <code>--flag</code> <em>here</em> &amp; <kbd>now</kbd></p>"))
        #expect(html.contains("<p class=\"callout-title\">See the guide then</p>"), "a link no page resolves here")
        #expect(html.contains("<summary class=\"callout-title\"># Not a heading</summary>"))
        #expect(html.contains("<p class=\"content-tab-title\">Tab <strong>one</strong></p>"))
        #expect(CMark.inlineHTML("Plain <b") == "Plain &lt;b" && CMark.inlineHTML("1. *First*") == "1. *First*")
        #expect(CMark.inlineHTML("") == "" && CMark.inlineHTML("A & B") == "A &amp; B")
        // Raw HTML with an address is a link too: unresolved, its file would not follow the page's rule.
        #expect(
            CMark.inlineHTML("Figures in <a href=\"/guide/payroll.xlsx\">payroll.xlsx</a>") == "Figures in payroll.xlsx"
        )
        #expect(CMark.inlineHTML("A <img src=\"chart.png\"> chart") == "A  chart")
        #expect(CMark.inlineHTML("Press <kbd>Ctrl</kbd>") == "Press <kbd>Ctrl</kbd>")
    }

    @Test("Containers as Docusaurus, VitePress and Pandoc write them: titles, nested, in a list, other kinds plain")
    func containers() throws {
        let site = try TestSite(pages: [
            "index.md": """
            :::note
            Docusaurus, *no* blank lines.
            :::

            :::tip[Use the *flag*]

            With blank lines.

            :::
            ::::info Outer
            Outer text.

            :::danger
            Inner.
            :::

            ::::

            ::: warning Mind the gap
            VitePress.
            :::

            ::: details
            Hidden.
            :::

            1. Step one

               :::tip
               In the list.
               :::

            ::: {.note}
            Pandoc's attributes stay text.
            :::

            ::: code-group
            No callout: *plain*.

            :::tip
            Inside.
            :::
            :::

            ```text
            :::note
            left alone
            :::
            ```

            :::caution
            Never closed: to the end.
            """
        ])
        try site.build()
        let expected = """
            <div class="callout callout-note" role="note">
            <p class="callout-title">Note</p>
            <p>Docusaurus, <em>no</em> blank lines.</p>
            </div>
            <div class="callout callout-tip" role="note">
            <p class="callout-title">Use the <em>flag</em></p>
            <p>With blank lines.</p>
            </div>
            <div class="callout callout-note" role="note">
            <p class="callout-title">Outer</p>
            <p>Outer text.</p>
            <div class="callout callout-caution" role="note">
            <p class="callout-title">Danger</p>
            <p>Inner.</p>
            </div>
            </div>
            <div class="callout callout-warning" role="note">
            <p class="callout-title">Mind the gap</p>
            <p>VitePress.</p>
            </div>
            <details class="callout callout-note">
            <summary class="callout-title">Details</summary>
            <p>Hidden.</p>
            </details>
            <ol>
            <li>
            <p>Step one</p>
            <div class="callout callout-tip" role="note">
            <p class="callout-title">Tip</p>
            <p>In the list.</p>
            </div>
            </li>
            </ol>
            <p>::: {.note}
            Pandoc's attributes stay text.
            :::</p>
            <p>No callout: <em>plain</em>.</p>
            <div class="callout callout-tip" role="note">
            <p class="callout-title">Tip</p>
            <p>Inside.</p>
            </div>
            <pre><code class="language-text">:::note
            left alone
            :::
            </code></pre>
            <div class="callout callout-caution" role="note">
            <p class="callout-title">Caution</p>
            <p>Never closed: to the end.</p>
            </div>

            """
        #expect(site.output("index.html") == expected)
    }

    @Test("MkDocs Material's content tabs are shown one after another under their titles; a title is required")
    func contentTabs() throws {
        let site = try TestSite(pages: [
            "index.md": """
            === "C"

                ```
                int x;
                ```

            ===+ "Python <3"
                x = *1*

            ===! "New set"
                !!! note
                    Nested.

            === Unquoted
                stays text

            ```
            === "In code"
            ```
            """
        ])
        try site.build()
        let expected = """
            <div class="content-tab">
            <p class="content-tab-title">C</p>
            <pre><code>int x;
            </code></pre>
            </div>
            <div class="content-tab">
            <p class="content-tab-title">Python &lt;3</p>
            <p>x = <em>1</em></p>
            </div>
            <div class="content-tab">
            <p class="content-tab-title">New set</p>
            <div class="callout callout-note" role="note">
            <p class="callout-title">Note</p>
            <p>Nested.</p>
            </div>
            </div>
            <p>=== Unquoted
            stays text</p>
            <pre><code>=== &quot;In code&quot;
            </code></pre>

            """
        #expect(site.output("index.html") == expected)
    }

    @Test("As Python-Markdown reads them: no space after the marks, and admonitions indented inside list items")
    func admonitionsInLists() throws {
        let site = try TestSite(pages: [
            "index.md": """
            !!!warning "Tight"
                No space.

            1. Install.

                !!! note
                    Inside the step.

            2. Run.

                ???+tip
                    Open.

                    !!!danger
                        Nested.

                    !!! note: not an opener
            """
        ])
        try site.build()
        let expected = """
            <div class="callout callout-warning" role="note">
            <p class="callout-title">Tight</p>
            <p>No space.</p>
            </div>
            <ol>
            <li>
            <p>Install.</p>
            <div class="callout callout-note" role="note">
            <p class="callout-title">Note</p>
            <p>Inside the step.</p>
            </div>
            </li>
            <li>
            <p>Run.</p>
            <details class="callout callout-tip" open>
            <summary class="callout-title">Tip</summary>
            <p>Open.</p>
            <div class="callout callout-caution" role="note">
            <p class="callout-title">Danger</p>
            <p>Nested.</p>
            </div>
            <p>!!! note: not an opener</p>
            </details>
            </li>
            </ol>

            """
        #expect(site.output("index.html") == expected)
    }

    @Test("Links inside an admonition keep their file line, so a broken one is reported where it is")
    func linesKept() throws {
        let site = try TestSite(pages: ["index.md": "Intro\n\n!!! note\n    See [gone](gone.md).\n"])
        let errors = site.buildErrors()
        #expect(errors.count == 1)
        #expect(errors.first?.contains("site/index.md:4") == true)
        let container = try TestSite(pages: [
            "index.md": "Intro\n\n::::note\n\n:::tip\nFine.\n:::\n\nSee [gone](gone.md).\n::::\n[x](lost.md)\n"
        ])
        let lines = container.buildErrors().compactMap { $0.split(separator: ":").dropFirst().first }
        #expect(lines == ["9", "11"])
        // A lone carriage return ends a line for cmark: an opening line holding one is no container's.
        let carriage = try TestSite(pages: ["index.md": ":::note A\rB\ntext\n:::\n[x](lost.md)\n"])
        #expect(carriage.buildErrors().first?.contains("site/index.md:5:") == true, "\(carriage.buildErrors())")
        // Nor is it an admonition's, whose quoted title would run over the line end (found by fuzz-front-matter).
        let admonition = try TestSite(pages: ["index.md": "!!! note \"A\rB\"\n    text\n[x](lost.md)\n"])
        #expect(admonition.buildErrors().first?.contains("site/index.md:4:") == true, "\(admonition.buildErrors())")
        #expect(Admonitions.opener("!!! note \"A\rB\"") == nil && Admonitions.opener("=== \"A\rB\"") == nil)
    }

    @Test("Search reads a callout's title and text")
    func searchReadsCallouts() {
        let html =
            "<div class=\"callout callout-note\" role=\"note\">\n<p class=\"callout-title\">Note</p>\n"
            + "<p>Kumquat.</p>\n</div>\n"
        #expect(SearchText(html: html).sections.map(\.text) == ["Note Kumquat."])
    }
}
