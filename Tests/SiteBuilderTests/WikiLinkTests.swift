import Foundation
import Testing

@testable import SiteBuilder

/// Links as Obsidian, Foam and GitHub's wikis write them: `[[Page]]`, `[[Page|text]]`, `[[Page#Heading]]`.
@Suite("Wiki links")
struct WikiLinkTests {
    @Test("A wiki link leads to the page by its path or its name, shows its text or the page's name, with a heading")
    func resolved() throws {
        let site = try TestSite(pages: [
            "index.md": """
            [[Install]], [[guide/tuning|*tuning* it]], [[Tuning#Fast]] and [[install.md#install|up]].
            See [[Getting Started]] and [[#Home page]].

            # Home page
            """,
            "install.md": "# Install\n",
            "guide/tuning.md": "# Tuning\n\n## Fast\n",
            "Getting-Started.md": "# Getting started\n",
        ])
        try site.build()
        #expect(
            site.output("index.html")?.hasPrefix(
                """
                <p><a href="/install/">Install</a>, <a href="/guide/tuning/"><em>tuning</em> it</a>, \
                <a href="/guide/tuning/#fast">Tuning &gt; Fast</a> and <a href="/install/#install">up</a>.
                See <a href="/Getting-Started/">Getting Started</a> and <a href="#home-page">Home page</a>.</p>
                """) == true, "\(site.output("index.html") ?? "")")
    }

    @Test("A wiki link to no page or heading is a broken link naming it as written; two pages of its name too")
    func broken() throws {
        let site = try TestSite(pages: [
            "index.md": "# Home\n\n[[Gone]]\n[[tuning#Slow]]\n[[setup]]\n",
            "guide/tuning.md": "# Tuning\n", "a/setup.md": "# A\n", "b/setup.md": "# B\n",
        ])
        #expect(
            site.buildErrors() == [
                "site/index.md:3: link: '[[Gone]]' names no page: a wiki link looks beside the page, then from the "
                    + "top of the site, and neither has Gone.md or a folder Gone",
                "site/index.md:4: link: '[[tuning#Slow]]': the page has no heading '#Slow'",
                "site/index.md:5: link: '[[setup]]' names more than one page by its name (a/setup.md, b/setup.md); "
                    + "write its path, e.g. [[a/setup]]",
            ])
    }

    @Test("A rebuild asks a wiki link again when a page its name in another case may spell comes or goes")
    func rebuilt() throws {
        let site = try TestSite(pages: ["index.md": "[[Setup]]\n", "a/setup.md": "# A\n", "b/other.md": "# B\n"])
        try site.build()
        #expect(site.output("index.html") == "<p><a href=\"/a/setup/\">Setup</a></p>\n")
        try site.write(["b/SETUP.md": "# B\n"], under: "site")
        #expect(site.buildErrors().first?.contains("'[[Setup]]' names more than one page") == true)
    }

    @Test("An embedded image is an image with its size and alt text; an embedded page or file a link to it")
    func embedsRewritten() {
        for (line, rewritten) in [
            ("![[flow.png]]", "![flow](<sitegen-wiki:flow.png>)"),
            ("![[img/Flow chart.PNG|480]]", "![Flow chart](<sitegen-wiki:img/Flow chart.PNG>){ width=\"480\" }"),
            ("![[flow.svg|480x300]]", "![flow](<sitegen-wiki:flow.svg>){ width=\"480\" height=\"300\" }"),
            ("![[flow.png|The *flow*|480]]", "![The *flow*](<sitegen-wiki:flow.png>){ width=\"480\" }"),
            ("![[flow.png|The flow]]", "![The flow](<sitegen-wiki:flow.png>)"),
            ("![[flow.png|480y]]", "![480y](<sitegen-wiki:flow.png>)"),
            ("| ![[flow.png\\|480]] |", "| ![flow](<sitegen-wiki:flow.png>){ width=\"480\" } |"),
            (
                "See ![[Setup]] and ![[guide.pdf]].",
                "See [Setup](<sitegen-wiki:Setup>) and [guide.pdf](<sitegen-wiki:guide.pdf>)."
            ),
            ("!![[a.gif]]", "!![a](<sitegen-wiki:a.gif>)"),
        ] {
            #expect(WikiLinks.rewriteLine(line) == rewritten, "\(line)")
        }
    }

    @Test("An embedded image is found beside the page, from the top, or by its name anywhere, as Obsidian finds it")
    func embedsResolved() throws {
        let site = try TestSite(pages: [
            "notes/index.md": "![[flow.png|300]] ![[Diagram one.png|The diagram]] ![[/logo.svg]] ![[Setup]]\n",
            "attachments/flow.png": "png", "notes/Diagram one.png": "png", "logo.svg": "<svg/>",
            "setup.md": "# Setup\n",
        ])
        try site.build()
        #expect(
            site.output("notes/index.html")
                == "<p><img src=\"/attachments/flow.png\" alt=\"flow\" width=\"300\" /> "
                + "<img src=\"/notes/Diagram%20one.png\" alt=\"The diagram\" /> <img src=\"/logo.svg\" alt=\"logo\" /> "
                + "<a href=\"/setup/\">Setup</a></p>\n")
    }

    @Test("An embed of a file that is not there, or of a name two files have, is a broken link naming it as written")
    func embedsBroken() throws {
        let site = try TestSite(pages: ["index.md": "![[flow.png]]\n", "a/flow.png": "png", "b/other.png": "png"])
        try site.build()
        #expect(site.output("index.html") == "<p><img src=\"/a/flow.png\" alt=\"flow\" /></p>\n")
        try site.write(["b/flow.png": "png"], under: "site")
        try site.write(["gone.md": "![[gone.png]]\n"], under: "site")
        #expect(
            site.buildErrors() == [
                "site/gone.md:1: link: '[[gone.png]]' names no page: a wiki link looks beside the page, then from the "
                    + "top of the site, and neither has gone.png, gone.png.md or a folder gone.png",
                "site/index.md:1: link: '[[flow.png]]' names more than one file by its name (a/flow.png, b/flow.png); "
                    + "write its path, e.g. \"/a/flow.png\"",
            ])
    }

    @Test("A wiki link finds a page by one of its other names, Obsidian's aliases")
    func aliases() throws {
        let site = try TestSite(pages: [
            "index.md": "[[setup guide]] and [[Install#Proxy]]\n",
            "guide/setup.md": "---\naliases: [Setup guide, Install, /old/setup/]\n---\n# Setup\n\n## Proxy\n",
        ])
        try site.build()
        #expect(
            site.output("index.html")
                == "<p><a href=\"/guide/setup/\">setup guide</a> and <a href=\"/guide/setup/#proxy\">Install &gt; Proxy</a></p>\n"
        )
        #expect(site.output("old/setup/index.html")?.contains("/guide/setup/") == true, "an address redirects")
        #expect(site.output("Install/index.html")?.contains("/guide/setup/") == true, "and so does a name")
        try site.write(["other.md": "---\naliases: [install]\n---\n# Other\n"], under: "site")
        #expect(
            site.buildErrors() == [
                "site/index.md:1: link: '[[Install#Proxy]]' is another name of more than one page (guide/setup.md, "
                    + "other.md, in their aliases); write its path, e.g. [[guide/setup]]"
            ])
    }

    @Test("Code, embeds, escapes and brackets inside stay as written, line for line")
    func leftAlone() {
        for line in [
            "`[[Install]]`", "\\![[diagram.png]]", "\\[[Install]]", "![[a[b].png]]", "![[]]", "[[a[b]]", "[[a<b>]]",
            "[[]]", "[[|x]]", "[[ x",
            "[[[x]]]",
            // A link whose text is in brackets, as citations are written, and a shell test in prose.
            "works well [[1]](https://arxiv.org/abs/1512.03385).", "see [[2]][refs]", "if [[ -f file ]]; then",
            "[[x ]]",
        ] {
            #expect(WikiLinks.rewriteLine(line) == nil, "\(line)")
        }
        #expect(
            WikiLinks.rewrite("```\n[[Install]]\n```\n[[Install]]\n")
                == "```\n[[Install]]\n```\n[Install](<sitegen-wiki:Install>)\n")
        #expect(WikiLinks.rewrite("Text:\n\n    [[Install]] in indented code\n") == nil)
        #expect(WikiLinks.rewriteLine("| [[a\\|b]] |") == "| [b](<sitegen-wiki:a>) |", "the bar escaped in a table")
        #expect(
            WikiLinks.rewriteLine("a [[x]] `[[y]]` [[z|w]]") == "a [x](<sitegen-wiki:x>) `[[y]]` [w](<sitegen-wiki:z>)")
    }
}
