import Foundation
import Testing

@testable import SiteBuilder

@Suite("Links")
struct LinkTests {
    private let pages = [
        "index.md": "",
        "guide/index.md": "# Guide\n",
        "guide/setup.md": "# Setup\n## Proxy\n",
        "guide/images/shot.png": "png",
        "reference/index.md": "",
        "reference/config.md": """
        [a](../guide/setup.md#proxy) [b](../guide/index.md) [c](../guide/) [d](/guide/setup.md)
        [e](../guide/images/shot.png) ![f](../guide/images/shot.png) [g](https://example.com/x.md)
        [h](#options) [i](mailto:a@example.com) [j](/api/) [k](config.md?x=1#options)

        ## Options
        """,
    ]

    @Test("Relative .md links, folders and files are rewritten to built URLs; others stay as written")
    func rewriting() throws {
        let site = try TestSite(pages: pages)
        try site.build()
        let expected = """
            <p><a href="/guide/setup/#proxy">a</a> <a href="/guide/">b</a> <a href="/guide/">c</a> \
            <a href="/guide/setup/">d</a>
            <a href="/guide/images/shot.png">e</a> <img src="/guide/images/shot.png" alt="f" /> \
            <a href="https://example.com/x.md">g</a>
            <a href="#options">h</a> <a href="mailto:a@example.com">i</a> <a href="/api/">j</a> \
            <a href="/reference/config/?x=1#options">k</a></p>
            <h2 id="options">Options</h2>

            """
        #expect(site.output("reference/config/index.html") == expected)
    }

    @Test("Links get the base_url path as prefix")
    func basePath() throws {
        let site = try TestSite(
            pages: pages.merging(["site.toml": "base_url = \"https://example.com/docs/\""]) { $1 })
        try site.build()
        #expect(site.output("reference/config/index.html")?.contains("href=\"/docs/guide/setup/#proxy\"") == true)
    }

    @Test("Broken links and anchors are errors naming file:line and the target")
    func brokenLinks() throws {
        let site = try TestSite(pages: [
            "index.md": "",
            "guide/setup.md": "## Proxy\n",
            "guide/draft.md": "---\ndraft: true\n---\n",
            "guide/bad.md": """
            ---
            title: Bad
            ---
            Fine [ok](setup.md#proxy).
            [gone](missing.md) and [anchor](setup.md#nope)
            [self](#nowhere) [up](../../outside.md) [file](pic.png)
            [draft](draft.md)
            """,
        ])
        #expect(
            site.buildErrors() == [
                "site/guide/bad.md:5: link: 'missing.md' names no page; there is no guide/missing.md in the site folder",
                "site/guide/bad.md:5: link: 'setup.md#nope': the page has no heading '#nope'",
                "site/guide/bad.md:6: link: no heading '#nowhere' on this page",
                "site/guide/bad.md:6: link: 'pic.png' matches no page, folder or file in the site; "
                    + "link Markdown files by their .md path, or use an absolute URL for anything else",
                "site/guide/bad.md:7: link: 'draft.md' is a draft page and is not built; "
                    + "build with --drafts or remove the link",
            ])
        #expect(site.outputFiles().isEmpty)
    }

    @Test("--warn-broken-links turns broken links into warnings and the site is published")
    func brokenLinksAsWarnings() throws {
        let site = try TestSite(pages: ["index.md": "[gone](missing.md)\n"])
        let report = try site.build { $0.brokenLinksAreWarnings = true }
        #expect(report.warnings.map(\.description).count == 1)
        #expect(report.warnings.first?.line == 1)
        #expect(site.output("index.html") == "<p><a href=\"missing.md\">gone</a></p>\n")
    }

    @Test("With broken links as warnings, a link to a missing heading of another page still leads to that page")
    func missingHeadingAsWarning() throws {
        let site = try TestSite(pages: ["index.md": "[x](other.md#nope)\n", "other.md": "# Other\n"])
        let report = try site.build { $0.brokenLinksAreWarnings = true }
        #expect(report.warnings.map(\.message) == ["'other.md#nope': the page has no heading '#nope'"])
        #expect(site.output("index.html") == "<p><a href=\"/other/#nope\">x</a></p>\n")
    }

    @Test("Anchors written in raw HTML and footnote anchors count as existing")
    func htmlAnchors() throws {
        let site = try TestSite(pages: [
            "index.md": "<a id=\"custom\"></a>\n\n[x](#custom) [y](other.md#legacy) [z](#fn-1)\n",
            "other.md": "<span name='legacy'></span>\n",
        ])
        #expect(site.buildErrors().isEmpty)
    }

    @Test("Link line numbers count the front matter")
    func lineNumbers() throws {
        let site = try TestSite(pages: ["index.md": "---\ntitle: T\n---\n\n> quote\n> [x](nope.md)\n"])
        #expect(site.buildErrors().first?.hasPrefix("site/index.md:6: link:") == true)
    }

    @Test(
        "A page's links are checked again while a build reported them or they name a heading of a page rendered again")
    func linksCheckedAgain() throws {
        let site = try TestSite(pages: [
            "index.md": "", "a.md": "To [b](b.md#gone).\n", "b.md": "# B\n\n## Here\n", "c.md": "C.\n",
            "d.md": "Out [far](../../x.md).\n",
        ])
        func warnings() throws -> [String] {
            try EditedSite.age(site.root + "/site")
            return try site.build { $0.brokenLinksAreWarnings = true }.warnings.map(\.message)
        }
        let gone = "'b.md#gone': the page has no heading '#gone'"
        let far =
            "'../../x.md' leads out of the site folder, which is not published, so it leads nowhere on the site; "
            + "link the file by its full address, or copy it into the site folder"
        #expect(try warnings() == [gone, far])
        // Every build repeats them, whatever it renders again.
        try site.write(["c.md": "C, edited.\n"], under: "site")
        #expect(try warnings() == [gone, far])
        // Reported as a warning, the broken link is an error once broken links are.
        try EditedSite.age(site.root + "/site")
        #expect(site.buildErrors() == ["site/a.md:1: link: " + gone])
        // A page whose link names a heading of a page rendered again is checked again.
        try site.write(["b.md": "# Bee\n\n## Gone\n"], under: "site")
        #expect(try warnings() == [far])
        try site.write(["b.md": "# B\n\n## Here again\n"], under: "site")
        try EditedSite.age(site.root + "/site")
        #expect(site.buildErrors() == ["site/a.md:1: link: " + gone])
        // The site folder named another way names its files another way: the last build's reports are not this one's.
        try site.write(["b.md": "# B\n\n## Gone\n"], under: "site")
        #expect(try warnings() == [far])
        try site.write(["c.md": "C, edited again.\n"], under: "site")
        try EditedSite.age(site.root + "/site")
        let report = try site.build {
            $0.brokenLinksAreWarnings = true
            $0.siteFolder = site.root + "/./site"
        }
        #expect(report.warnings.map(\.description) == [site.root + "/./site/d.md:1: link: " + far])
    }

    @Test("Links inside headings are rewritten too, and the heading keeps its id")
    func linkInHeading() throws {
        let site = try TestSite(pages: ["index.md": "## See [setup](guide/setup.md)\n", "guide/setup.md": ""])
        try site.build()
        #expect(site.output("index.html") == "<h2 id=\"see-setup\">See <a href=\"/guide/setup/\">setup</a></h2>\n")
    }

    @Test("Aliases must be paths inside the site")
    func invalidAlias() throws {
        let site = try TestSite(pages: ["index.md": "---\naliases:\n  - https://old.example.com/x\n  - ../../up\n---\n"]
        )
        #expect(
            site.buildErrors() == [
                "site/index.md:3: url: alias 'https://old.example.com/x' must be a path inside the site, e.g. /old/setup/",
                "site/index.md:4: url: alias '../../up' must be a path inside the site, e.g. /old/setup/",
            ])
    }

    @Test(
        "In a repository, links read as GitHub reads them: /docs/… is the site's, ../ out of it a warning or edit_url's"
    )
    func repositoryLinks() throws {
        let site = try TestSite(pages: [
            "index.md": "[setup](/site/guide/setup.md) [logo](/site/logo.png) [in](../site/guide/setup.md#proxy)\n"
                + "[licence](../LICENSE) [readme](/README.md#usage) [far](../../x.md)\n",
            "guide/setup.md": "## Proxy\n", "logo.png": "png",
        ])
        try site.write(Data("ref: refs/heads/main\n".utf8), to: ".git/HEAD")
        let report = try site.build()
        let inSite =
            "<p><a href=\"/guide/setup/\">setup</a> <a href=\"/logo.png\">logo</a> <a href=\"/guide/setup/#proxy\">in</a>\n"
        #expect(
            site.output("index.html")
                == inSite + "<a href=\"../LICENSE\">licence</a> <a href=\"/README.md#usage\">readme</a> "
                + "<a href=\"../../x.md\">far</a></p>\n")
        let file = site.root + "/site/index.md:2: link: "
        let setEditURL =
            "which is not published; set edit_url in site.toml to the repository's edit address "
            + "(e.g. \"https://github.com/acme/docs/edit/main/site/{path}\") and it leads to the file there, "
            + "or link the file by its full address"
        let far =
            file + "'../../x.md' leads out of the site folder, which is not published, so it leads nowhere on the "
            + "site; link the file by its full address, or copy it into the site folder"
        #expect(
            report.warnings.map(\.description) == [
                file + "'../LICENSE' leads to LICENSE in the repository, outside the site folder, " + setEditURL,
                file + "'/README.md#usage' leads to README.md in the repository, outside the site folder, "
                    + setEditURL,
                far,
            ])

        try site.write(
            ["site.toml": "edit_url = \"https://github.com/acme/docs/edit/main/site/{path}\"\n"], under: "site")
        let linked = try site.build()
        #expect(
            site.output("index.html")
                == inSite + "<a href=\"https://github.com/acme/docs/blob/main/LICENSE\">licence</a> "
                + "<a href=\"https://github.com/acme/docs/blob/main/README.md#usage\">readme</a> "
                + "<a href=\"../../x.md\">far</a></p>\n")
        #expect(linked.warnings.map(\.description) == [far])
    }
}
