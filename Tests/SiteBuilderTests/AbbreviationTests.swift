import Foundation
import Testing

@testable import SiteBuilder

@Suite("Abbreviations")
struct AbbreviationTests {
    @Test("A definition line marks each whole word of the page's text and is not shown")
    func marked() {
        #expect(
            MarkdownDocument.html("The HTML spec, HTML5 and XHTML.\n\n*[HTML]: Hyper Text Markup Language\n") == """
                <p>The <abbr title="Hyper Text Markup Language">HTML</abbr> spec, HTML5 and XHTML.</p>

                """)
        // Longest first; in emphasis, lists and links, before and after its definition; the meaning escaped.
        let page = MarkdownDocument.html(
            """
            *[W3C]: World Wide Web Consortium
              *[HTML5]: "HTML", <fifth>
            - *HTML5* by the [W3C](https://www.w3.org/) (W3C)
            *[HTML]: Hyper Text
            """)
        #expect(page.contains("<em><abbr title=\"&quot;HTML&quot;, &lt;fifth&gt;\">HTML5</abbr></em>"), "\(page)")
        #expect(
            page.contains("<a href=\"https://www.w3.org/\"><abbr title=\"World Wide Web Consortium\">W3C</abbr></a>"))
        #expect(page.contains("(<abbr title=\"World Wide Web Consortium\">W3C</abbr>)"))
        #expect(!page.contains("*[") && !page.contains("Hyper Text<"))
    }

    @Test("Code, addresses and raw HTML keep their words; code keeps its definition lines")
    func leftAlone() {
        let page = MarkdownDocument.html(
            """
            `API` and <span title="API">x</span> and https://example.com/API

            ```text
            *[CLI]: shown as code
            ```

                *[SDK]: indented code

            *[API]: Application Programming Interface
            """)
        #expect(page.contains("<code>API</code>") && page.contains("<span title=\"API\">"))
        #expect(page.contains("https://example.com/API</a>"))
        #expect(page.contains("*[CLI]: shown as code") && page.contains("*[SDK]: indented code"))
        #expect(!page.contains("<abbr"))
    }

    @Test("An alert's kind keeps its word, so the alert stays one; the words in it are marked")
    func alert() {
        let html = MarkdownDocument.html("> [!WARNING]\n> A WARNING here.\n\n*[WARNING]: Read this\n")
        #expect(html.contains("<div class=\"callout callout-warning\" role=\"note\">"), "\(html)")
        #expect(html.contains("<p>A <abbr title=\"Read this\">WARNING</abbr> here.</p>"), "\(html)")
    }

    @Test("A NUL in a meaning is U+FFFD, as cmark reads one, and cuts no raw HTML short")
    func nul() {
        #expect(
            MarkdownDocument.html("AB and A\n\n*[AB]: one\0two\n")
                == "<p><abbr title=\"one\u{FFFD}two\">AB</abbr> and A</p>\n")
    }

    @Test("What is no definition stays text, and a page without definitions is read as it was")
    func notDefinitions() {
        for markdown in [
            "*[HTML]:\n", "*[]: nothing\n", "    *[HTML]: code\n", "*[HTML] Hyper Text\n", "x *[HTML]: y\n",
        ] {
            #expect(Abbreviations.extract(markdown) == nil, "\(markdown)")
        }
        // Line for line at each line feed, a carriage return before it or not; a lone one ends a line for cmark.
        #expect(Abbreviations.extract("*[A]: one\r\nx\r\n")?.markdown == "\nx\r\n")
        #expect(Abbreviations.extract("*[A]: one \r\n")?.abbreviations.definitions.first?.title == "one")
        #expect(Abbreviations.extract("*[A]: one\rx\n") == nil && Abbreviations.extract("*[A]: one\r\r\n") == nil)
        let extracted = Abbreviations.extract("Text\n*[A]: one\n*[AB]: two\n*[A]: three\nMore\n")
        #expect(extracted?.markdown == "Text\n\n\n\nMore\n")
        #expect(extracted?.abbreviations.definitions.map { "\($0.abbreviation)=\($0.title)" } == ["AB=two", "A=three"])
    }

    @Test("A built page: marked in headings too, ids and contents from their text; line numbers stay the file's")
    func builtPage() throws {
        let site = try TestSite(pages: [
            "index.md": "*[SSO]: Single sign-on\n\n## SSO setup\n\nSSO for everyone.\n\n[Broken](missing.md)\n"
        ])
        let errors = site.buildErrors()
        #expect(errors.count == 1 && errors[0].contains("index.md:7"), "\(errors)")
        try site.write(["index.md": "*[SSO]: Single sign-on\n\n## SSO setup\n\nSSO for everyone.\n"], under: "site")
        try site.build()
        let page = try #require(site.output("index.html"))
        #expect(page.contains("<p><abbr title=\"Single sign-on\">SSO</abbr> for everyone.</p>"))
        #expect(page.contains("id=\"sso-setup\">"))
        #expect(page.contains("<abbr title=\"Single sign-on\">SSO</abbr> setup</h2>"), "\(page)")
        #expect(!page.contains("*[SSO]"))
    }
}
