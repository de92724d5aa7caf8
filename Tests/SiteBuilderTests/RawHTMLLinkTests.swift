import Foundation
import Testing

@testable import SiteBuilder

/// Links and images written as raw HTML in Markdown (`<img src>`, `<a href>`, `srcset`, …) are resolved,
/// rewritten and checked as Markdown links are, and leave every other byte of the HTML as written.
@Suite("Links in raw HTML")
struct RawHTMLLinkTests {
    @Test("A relative <img src> in a page one folder down points at the image's built URL")
    func relativeImage() throws {
        let site = try TestSite(pages: [
            "index.md": "", "logo.svg": "svg", "guide/img/x.png": "png",
            "guide/setup.md":
                "<img src=\"img/x.png\" width=\"400\">\n\n<p align=\"center\"><img src=\"../logo.svg\"></p>\n",
        ])
        try site.build()
        #expect(
            site.output("guide/setup/index.html")
                == "<img src=\"/guide/img/x.png\" width=\"400\">\n<p align=\"center\"><img src=\"/logo.svg\"></p>\n")
    }

    @Test("<a href> is rewritten exactly as the same link in Markdown: pages, README sections, .html, anchors, queries")
    func sameAsMarkdown() throws {
        let targets = [
            "other.md#part", "guide/README.md", "guide/", "chapter.html", "other.md?a=1&b=2", "/guide/setup.md",
            "https://example.com/x.md",
        ]
        let markdown = targets.map { "[x](\($0))" }.joined(separator: "\n")
        let html = targets.map { "<a href=\"\($0.replacingOccurrences(of: "&", with: "&amp;"))\">x</a>" }
            .joined(separator: "\n")
        let site = try TestSite(pages: [
            "index.md": "", "other.md": "## Part\n", "chapter.md": "", "guide/README.md": "", "guide/setup.md": "",
            "md.md": markdown + "\n", "html.md": html + "\n",
        ])
        try site.build()
        let expected = """
            <a href="/other/#part">x</a>
            <a href="/guide/">x</a>
            <a href="/guide/">x</a>
            <a href="/chapter/">x</a>
            <a href="/other/?a=1&amp;b=2">x</a>
            <a href="/guide/setup/">x</a>
            <a href="https://example.com/x.md">x</a>
            """
        #expect(site.output("md/index.html") == "<p>" + expected + "</p>\n")
        #expect(site.output("html/index.html") == "<p>" + expected + "</p>\n")
    }

    @Test("A broken address in raw HTML is an error naming its file and line, in a block or in a paragraph")
    func brokenAddress() throws {
        let site = try TestSite(pages: [
            "index.md": "", "other.md": "",
            "guide/setup.md": "---\ntitle: S\n---\n<div>\n  <img src=\"missing.png\">\n</div>\n\n"
                + "Text and\n<a href='../other.md#nope'>here</a>, <a href=../gone.md>gone</a>.\n",
        ])
        #expect(
            site.buildErrors() == [
                "site/guide/setup.md:5: link: 'missing.png' matches no page, folder or file in the site; "
                    + "link Markdown files by their .md path, or use an absolute URL for anything else",
                "site/guide/setup.md:9: link: '../other.md#nope': the page has no heading '#nope'",
                "site/guide/setup.md:9: link: '../gone.md' names no page; there is no gone.md in the site folder",
            ])
    }

    @Test("Absolute, anchor-only, data: and template addresses, comments and other attributes stay as written")
    func leftAlone() throws {
        let html = """
            <a href="https://example.com/a.md">a</a> <a href="//cdn.example.com/x.png">b</a> \
            <a href="mailto:a@example.com">c</a> <a href="#nowhere">d</a> <img src="data:image/png;base64,AA==">
            <a href="{{ page.url }}/x.md">e</a> <img src="${BASE}/x.png"> <a href="/downloads/">f</a>
            <span title="src=x.png" data-src="x.png">src=x.png</span> <!-- <img src="gone.png"> -->

            """
        let site = try TestSite(pages: ["index.md": html])
        try site.build()
        #expect(site.output("index.html") == "<p>" + html.dropLast() + "</p>\n")
    }

    @Test("Quoting, letter case, spaces around =, entities, srcset, poster, <object data>, xlink:href and style url()")
    func attributeForms() throws {
        let site = try TestSite(pages: [
            "index.md": "", "guide/x.png": "png", "guide/y 2.png": "png", "other.md": "",
            "guide/page.md": """
            <IMG SRC = 'x.png' alt="x.png"><img src=x.png><a HREF="../other.md?a=1&amp;b=2">o</a>
            <picture><source srcset="x.png 1x, y%202.png 2x,x.png" media="(min-width: 1px)"></picture>
            <img srcset="x.png, y%202.png 480w" src=" x.png "><video poster="x.png"></video><object data="x.png"></object>
            <svg><image xlink:href="x.png"/></svg><div style="background: url('x.png'), URL( y%202.png ); b: myurl(z)"></div>
            <div style="background: url(data:image/png;base64,AA==), url(&quot;x.png&quot;), url(x\\.png)"></div>

            """,
        ])
        try site.build()
        #expect(
            site.output("guide/page/index.html") == """
                <p><IMG SRC = '/guide/x.png' alt="x.png"><img src=/guide/x.png><a HREF="/other/?a=1&amp;b=2">o</a>
                <picture><source srcset="/guide/x.png 1x, /guide/y%202.png 2x,/guide/x.png" media="(min-width: 1px)"></picture>
                <img srcset="/guide/x.png, /guide/y%202.png 480w" src=" /guide/x.png "><video poster="/guide/x.png"></video>\
                <object data="/guide/x.png"></object>
                <svg><image xlink:href="/guide/x.png"/></svg><div style="background: url('/guide/x.png'), URL( /guide/y%202.png ); b: myurl(z)"></div></p>
                <div style="background: url(data:image/png;base64,AA==), url(&quot;/guide/x.png&quot;), url(x\\.png)"></div>

                """)
    }

    @Test("A cached page's raw HTML link resolves again when its target appears")
    func cachedPageFollowsTargets() throws {
        let site = try TestSite(pages: ["index.md": "<img src=\"pic.png\">\n"])
        let report = try site.build { $0.brokenLinksAreWarnings = true }
        #expect(report.warnings.map(\.line) == [1])
        #expect(site.output("index.html") == "<img src=\"pic.png\">\n")
        try site.write(["pic.png": "png"], under: "site")
        #expect(try site.build().warnings.isEmpty)
        #expect(site.output("index.html") == "<img src=\"/pic.png\">\n")
    }

    @Test("The address reader finds values by their bytes, decodes references and skips what names nothing")
    func reader() {
        let html =
            "<a\nhref=\"a.md?x=1&amp;y=2\" title='<b>'>\n<!-- <a href=\"c.md\"> --><script src=\"s.js\"></script>"
            + "<img data-src=x.png src=b.png><object data=o.svg></object><div data=d.png></div>"
        let found = HTMLLinks.read(html).addresses
        #expect(found.map(\.destination) == ["a.md?x=1&y=2", "b.png", "o.svg"])
        #expect(found.map(\.line) == [2, 3, 3])
        let bytes = Array(html.utf8)
        #expect(
            found.map { String(decoding: bytes[$0.range], as: UTF8.self) } == ["a.md?x=1&amp;y=2", "b.png", "o.svg"])
        #expect(
            HTMLLinks.replacing([(found[1].range, "/b 2.png"), (found[0].range, "/a/?x=1&y='2'")], in: html)
                == html.replacingOccurrences(of: "a.md?x=1&amp;y=2", with: "/a/?x=1&amp;y=&#x27;2&#x27;")
                .replacingOccurrences(of: " src=b.png", with: " src=/b%202.png"))
        #expect(HTMLLinks.read("<img src=\"x.png").addresses.isEmpty, "a quote that never closes")
    }

    @Test("Raw HTML's anchors are its elements' ids and names, read as a browser reads tags, not found in text")
    func anchors() throws {
        let html =
            "<div\nID=top></div><span class=x id = 'a&amp;b'></span><a name=\"old\"></a>"
            + "<p>text id=\"said\"</p><input name=\"query\"><!-- <b id=\"gone\"> --><script id=\"s\"></script>"
        #expect(HTMLLinks.read(html).anchors == ["top", "a&b", "old", "query"])
        let site = try TestSite(pages: [
            "index.md": "[a](#top), [b](#a&b), [c](#old)\n\n" + html + "\n",
            "other.md": "[d](index.md#said), [e](index.md#query), [f](index.md#gone)\n",
        ])
        let report = try site.build { $0.brokenLinksAreWarnings = true }
        #expect(
            report.warnings.map(\.message) == [
                "'index.md#said': the page has no heading '#said'",
                "'index.md#gone': the page has no heading '#gone'",
            ])
    }
}
