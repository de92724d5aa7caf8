import Foundation
import Testing

@testable import SiteBuilder

@Suite("Page titles")
struct PageTitleTests {
    private static let templates = TestSite.contentOnlyTemplates.merging([
        "page.mustache": "{{page.title}}|{{page.title_id}}|{{#page.toc}}{{id}} {{/page.toc}}|{{{page.content_html}}}"
    ]) { $1 }

    @Test("A level-1 heading that opens the page and repeats its title is left out, and its id named title_id")
    func leadingHeadingLeftOut() throws {
        let site = try TestSite(
            pages: [
                "index.md": "",
                "from-heading.md": "# Alpha\n\nText.\n\n## Alpha\n\n## More\n",
                "front-matter.md": "---\ntitle: Use nginx\n---\n# Use *nginx*\n\nText.\n",
                "setext.md": "---\ntitle: Setext\n---\nSetext\n======\n",
            ], templates: Self.templates)
        try site.build()
        // The left-out heading keeps its id, so a later heading with the same text still gets the next one.
        #expect(
            site.output("from-heading/index.html")
                == "Alpha|alpha|alpha-1 more |<p>Text.</p>\n<h2 id=\"alpha-1\">Alpha</h2>\n<h2 id=\"more\">More</h2>\n")
        #expect(site.output("front-matter/index.html") == "Use nginx|use-nginx||<p>Text.</p>\n")
        #expect(site.output("setext/index.html") == "Setext|setext||")
    }

    @Test("A level-1 heading is kept when it is not the first block or differs from the title")
    func otherHeadingsKept() throws {
        let site = try TestSite(
            pages: [
                "index.md": "",
                "later.md": "Intro.\n\n# Later\n",
                "other.md": "---\ntitle: Other\n---\n# Echo\n",
                "longer.md": "---\ntitle: Use\n---\n# Use *nginx*\n",
                "second-level.md": "---\ntitle: Two\n---\n## Two\n",
            ], templates: Self.templates)
        try site.build()
        // Without front matter the title is still the first level-1 heading, wherever it is.
        #expect(site.output("later/index.html") == "Later|||<p>Intro.</p>\n<h1 id=\"later\">Later</h1>\n")
        #expect(site.output("other/index.html") == "Other|||<h1 id=\"echo\">Echo</h1>\n")
        #expect(site.output("longer/index.html") == "Use|||<h1 id=\"use-nginx\">Use <em>nginx</em></h1>\n")
        #expect(site.output("second-level/index.html") == "Two||two |<h2 id=\"two\">Two</h2>\n")
    }

    @Test("Links to the left-out heading's id are not broken, from the page itself and from others")
    func linksToLeftOutHeading() throws {
        let site = try TestSite(
            pages: [
                "index.md": "[alpha](alpha.md#alpha)\n",
                "alpha.md": "# Alpha\n\n[top](#alpha)\n",
            ], templates: Self.templates)
        try site.build()
        #expect(site.output("index.html") == "<p><a href=\"/alpha/#alpha\">alpha</a></p>\n")
        #expect(site.output("alpha/index.html") == "Alpha|alpha||<p><a href=\"#alpha\">top</a></p>\n")
    }

    @Test("The default theme shows the title once, as the h1 carrying the left-out heading's id")
    func defaultThemeShowsTitleOnce() throws {
        let site = try TestSite(pages: [
            "index.md": "---\ntitle: Home\n---\n# Home\n\nWelcome.\n",
            "guide.md": "# Guide\n\nRead on.\n",
            "other.md": "---\ntitle: Other\n---\nNo heading.\n",
        ])
        try site.build { $0.templatesFolder = TestSite.defaultTheme }
        let home = try #require(site.output("index.html"))
        #expect(home.components(separatedBy: "<h1").count == 2)
        #expect(home.contains("<h1 id=\"home\">Home</h1>"))
        let guide = try #require(site.output("guide/index.html"))
        #expect(guide.components(separatedBy: "<h1").count == 2)
        #expect(guide.contains("<h1 id=\"guide\">Guide</h1>"))
        #expect(try #require(site.output("other/index.html")).contains("<h1>Other</h1>"))
    }
}
