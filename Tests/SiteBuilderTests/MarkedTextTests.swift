import Foundation
import Testing

@testable import SiteBuilder

@Suite("Marked text")
struct MarkedTextTests {
    @Test("Text between two == is marked, with the Markdown inside it, across emphasis and links")
    func marked() {
        #expect(MarkdownDocument.html("Read ==this part== first.\n") == "<p>Read <mark>this part</mark> first.</p>\n")
        #expect(
            MarkdownDocument.html("==a *b* [c](d)== and ==e==\n")
                == "<p><mark>a <em>b</em> <a href=\"d\">c</a></mark> and <mark>e</mark></p>\n")
        #expect(MarkdownDocument.html("*x ==y== z*\n") == "<p><em>x <mark>y</mark> z</em></p>\n")
        #expect(MarkdownDocument.html("==**bold**==\n") == "<p><mark><strong>bold</strong></mark></p>\n")
        #expect(MarkdownDocument.html("# A ==mark==\n").contains("<h1>A <mark>mark</mark></h1>"))
        #expect(MarkdownDocument.html("| ==x== | y |\n|---|---|\n").contains("<th><mark>x</mark></th>"))
        #expect(MarkdownDocument.html("==over\ntwo lines==\n") == "<p><mark>over\ntwo lines</mark></p>\n")
    }

    @Test("Comparisons, other runs of =, code, addresses and a == never closed stay as written")
    func notMarks() {
        for markdown in [
            "a == b == c", "x ===y=== z", "`==code==`", "<https://x.org/?a==b&c==d>", "==open only", "== a==",
            "a=====b", "==x ==",
            // Inside words, as versions are pinned: pymdownx's smart mark leaves these as written.
            "Tested with Django==4.2 and flask==2.0 today.", "pip install a==1 b==2",
        ] {
            let html = MarkdownDocument.html(markdown + "\n")
            #expect(!html.contains("<mark>"), "\(markdown): \(html)")
        }
        #expect(MarkedText.highlighted.mayHold("a==b") && !MarkedText.highlighted.mayHold("a=b = c"))
        #expect(
            MarkdownDocument.html("==smart==mark==\n") == "<p><mark>smart==mark</mark></p>\n",
            "a == inside a word neither opens nor closes")
    }

    private static func formatted(_ markdown: String) -> String {
        MarkdownDocument(markdown: markdown, dialect: MarkdownDialect(caret: true, tilde: true))
            .renderHTML(headingIDs: [])
    }

    @Test("With pymdownx's caret and tilde, ^sup^, ~sub~ and ^^ins^^; ~~struck~~ stays struck, in text and cells")
    func caretAndTilde() {
        #expect(
            Self.formatted("H~2~O, x^2^, ^^new *text*^^, ~~old~~ and ==marked==.\n")
                == "<p>H<sub>2</sub>O, x<sup>2</sup>, <ins>new <em>text</em></ins>, <del>old</del> and "
                + "<mark>marked</mark>.</p>\n")
        #expect(
            Self.formatted("| mc^2^ | CO~2~ |\n|---|---|\n").contains(
                "<th>mc<sup>2</sup></th>\n<th>CO<sub>2</sub></th>"))
        #expect(
            Self.formatted("e^a\\ b^ and CH~3\\ CH~ but a^b\\c^\n")
                == "<p>e<sup>a b</sup> and CH<sub>3 CH</sub> but a<sup>b\\c</sup></p>\n",
            "an escaped space is a space of the word; another backslash stays")
        // Without them, as GitHub reads it: one ~ strikes through too, and ^ is text.
        #expect(MarkdownDocument.html("H~2~O and x^2^\n") == "<p>H<del>2</del>O and x^2^</p>\n")
    }

    @Test("A mark beside another, words with spaces between, code and addresses stay as written")
    func notScripts() {
        for markdown in [
            "a ~ b ~ c", "2^10 alone", "`x^2^`", "a^b c^", "~~~ run", "^^^x^^^", "<https://x.org/~a~b~>", "x^^y",
            "~ x~",
        ] {
            let html = Self.formatted(markdown + "\n")
            #expect(
                !html.contains("<sup>") && !html.contains("<sub>") && !html.contains("<ins>"), "\(markdown): \(html)")
        }
    }

    @Test("mkdocs.yml's pymdownx.caret and pymdownx.tilde turn them on, and a change to the list renders pages again")
    func fromMkDocs() throws {
        let site = try TestSite(pages: [:])
        let config =
            "site_name: Docs\nmarkdown_extensions:\n  - pymdownx.caret\n  - pymdownx.tilde:\n      smart_delete: true\n"
        try site.write(["mkdocs.yml": config, "docs/index.md": "H~2~O is x^2^.\n"], under: "")
        try site.build { $0.siteFolder = site.root + "/docs" }
        #expect(site.output("index.html")?.contains("H<sub>2</sub>O is x<sup>2</sup>.") == true)
        try site.write(["mkdocs.yml": "site_name: Docs\n"], under: "")
        try site.build { $0.siteFolder = site.root + "/docs" }
        #expect(site.output("index.html")?.contains("H<del>2</del>O is x^2^.") == true)
    }
}
