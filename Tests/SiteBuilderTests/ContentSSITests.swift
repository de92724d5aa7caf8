import Foundation
import Testing

@testable import SiteBuilder

@Suite("Server Side Includes in content")
struct ContentSSITests {
    private static let reason =
        "opens an nginx Server Side Include, which only templates may write (nginx would run it for every reader, "
        + "outside the access rules); remove it, show it in a code span or block, or write it as '&lt;!--#'"

    @Test("Raw HTML that opens a directive is refused at its line, block or inline, and nothing is published")
    func rawHTML() throws {
        let site = try TestSite(pages: [
            "index.md": "---\ntitle: Home\naccess: public\n---\nIntro\n\n<!--# include virtual=\"/finance/q3/\" -->\n",
            "leak.md": "Your cookie: <b><!--#echo var=\"http_cookie\" --></b>\n\n<div>\nok\n<!--# exec -->\n</div>\n",
        ])
        #expect(
            site.buildErrors() == [
                "site/index.md:7: markdown: '<!--#' in raw HTML \(Self.reason)",
                "site/leak.md:1: markdown: '<!--#' in raw HTML \(Self.reason)",
                "site/leak.md:5: markdown: '<!--#' in raw HTML \(Self.reason)",
            ])
        #expect(site.outputFiles().isEmpty)
    }

    @Test("A directive shown as code or escaped text is harmless and kept as text")
    func escapedForms() throws {
        let site = try TestSite(pages: [
            "index.md":
                "Use `<!--# echo var=\"x\" -->` or &lt;!--# this.\n\n```html\n<!--# include virtual=\"/a\" -->\n```\n"
        ])
        try site.build()
        let html = try #require(site.output("index.html"))
        #expect(!html.contains("<!--#"))
        #expect(html.contains("<code>&lt;!--# echo var=&quot;x&quot; --&gt;</code>"))
        #expect(html.contains("&lt;!--# include virtual=&quot;/a&quot; --&gt;"))
    }

    @Test("Front matter and site.toml values may not open a directive, since themes may print them unescaped")
    func frontMatterAndConfig() throws {
        let site = try TestSite(pages: [
            "site.toml": "title = \"Acme\"\nfooter = \"<!--# echo var='http_cookie' -->\"\n",
            "index.md": "---\ntitle: Home\nparams:\n  banner: \"<!--# include virtual='/board/' -->\"\n---\nText\n",
        ])
        #expect(
            site.buildErrors() == [
                "site/site.toml:2: config: '<!--#' in the value of 'footer' \(Self.reason)",
                "site/index.md:4: front matter: '<!--#' in the value of 'params' \(Self.reason)",
            ])
    }

    @Test("A directive spelled with TOML or YAML escapes is refused too: the decoded values are checked")
    func escapedValues() throws {
        let site = try TestSite(pages: [
            "site.toml": #"title = "Acme"\#nfooter = "\u003C!--# echo var=\"http_cookie\" -->"\#n"#
                + "[params]\nlinks = [\"ok\", \"\\u003C!--# include virtual='/board/' -->\"]\n",
            "index.md": "---\ntitle: Home\nparams:\n  banner: \"\\x3C!--# include virtual=/board/ -->\"\n"
                + "  list:\n    - fine\n    - \"\\u003c!--#echo var=\\\"http_cookie\\\" -->\"\n---\nText\n",
        ])
        #expect(
            site.buildErrors() == [
                "site/site.toml:2: config: '<!--#' in the value of 'footer' \(Self.reason)",
                "site/site.toml:3: config: '<!--#' in the value of 'params' \(Self.reason)",
                "site/index.md:4: front matter: '<!--#' in the value of 'params' \(Self.reason)",
                "site/index.md:7: front matter: '<!--#' in the value of 'params' \(Self.reason)",
            ])
        #expect(site.outputFiles().isEmpty)
    }

    @Test("Comments in site.toml and front matter reach no page, so they may mention a directive")
    func comments() throws {
        let site = try TestSite(pages: [
            "site.toml": "# never write <!--# echo --> in a value\ntitle = \"Acme\"\n",
            "index.md": "---\n# <!--# include --> is refused in values\ntitle: Home\n---\nText\n",
        ])
        #expect(site.buildErrors() == [])
        #expect(site.output("index.html") != nil)
    }

    @Test("A site's own HTML file may not open a directive; other files and the theme's assets may hold the text")
    func htmlAssets() throws {
        let site = try TestSite(pages: [
            "index.md": "",
            "legacy/old.html": "<html>\n<body>\n<!--# include virtual=\"/board/\" -->\n</body>\n",
            "notes.txt": "<!--# this is text, served as text/plain -->\n",
        ])
        #expect(
            site.buildErrors() == [
                "site/legacy/old.html:3: asset: '<!--#' in an HTML file of the site \(Self.reason)"
            ])
        try site.remove("site/legacy/old.html")
        try site.build()
        #expect(site.output("notes.txt") == "<!--# this is text, served as text/plain -->\n")
    }

    @Test("Lines of directive openers are found on every line, once per line")
    func lineScanner() {
        #expect(ContentSSI.lines(in: "") == [])
        #expect(ContentSSI.lines(in: "<!--#") == [1])
        #expect(ContentSSI.lines(in: "a\n<<!--#x <!--#y\n<!-- # no\n<!--<!--#") == [2, 4])
        #expect(ContentSSI.lines(in: "<!--&#35; not a directive") == [])
    }
}
