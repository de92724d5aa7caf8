import Testing

@testable import SiteBuilder

/// GitLab's multiline quotes, `>>>` … `>>>`.
@Suite("GitLab's multiline quotes")
struct GitLabQuoteTests {
    @Test("The lines between two >>> are a quote, with their Markdown, paragraphs, code and an alert")
    func quote() {
        #expect(
            MarkdownDocument.html(">>>\nQuoted *text*,\n\nand more.\n\n```\n>>>\n```\n>>>\nAfter.\n") == """
                <blockquote>
                <p>Quoted <em>text</em>,</p>
                <p>and more.</p>
                <pre><code>&gt;&gt;&gt;
                </code></pre>
                </blockquote>
                <p>After.</p>

                """)
        #expect(
            MarkdownDocument.html(">>>\n[!NOTE]\nMind it.\n>>>\n")
                == "<div class=\"callout callout-note\" role=\"note\">\n<p class=\"callout-title\">Note</p>\n"
                + "<p>Mind it.</p>\n</div>\n")
    }

    @Test("Lines keep their numbers: a broken link in a quote is named on its own line")
    func lines() throws {
        let site = try TestSite(pages: ["index.md": "# Home\n\n>>>\nOne.\n\nSee [gone](gone.md).\n>>>\n"])
        let errors = site.buildErrors()
        #expect(errors.count == 1 && errors[0].contains("site/index.md:6"), "\(errors)")
    }

    @Test("A >>> no other closes, one in code, one beside text, or indented as code stays as written")
    func leftAlone() {
        for markdown in [
            ">>>\nnever closed\n", "```\n>>>\nx\n>>>\n```\n", ">>> text\nx\n>>>\n", "    >>>\n    x\n    >>>\n",
            ">>>\nx\r\n>>>\n",
        ] {
            #expect(GitLabQuotes.rewrite(markdown) == nil, "\(markdown.debugDescription)")
        }
    }
}
