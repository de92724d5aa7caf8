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

    @Test("Code, embeds, escapes and brackets inside stay as written, line for line")
    func leftAlone() {
        for line in [
            "`[[Install]]`", "![[diagram.png]]", "\\[[Install]]", "[[a[b]]", "[[a<b>]]", "[[]]", "[[|x]]", "[[ x",
            "[[[x]]]",
        ] {
            #expect(WikiLinks.rewriteLine(line) == nil, "\(line)")
        }
        #expect(
            WikiLinks.rewrite("```\n[[Install]]\n```\n[[Install]]\n")
                == "```\n[[Install]]\n```\n[Install](<sitegen-wiki:Install>)\n")
        #expect(WikiLinks.rewriteLine("| [[a\\|b]] |") == "| [b](<sitegen-wiki:a>) |", "the bar escaped in a table")
        #expect(
            WikiLinks.rewriteLine("a [[x]] `[[y]]` [[z|w]]") == "a [x](<sitegen-wiki:x>) `[[y]]` [w](<sitegen-wiki:z>)")
    }
}
