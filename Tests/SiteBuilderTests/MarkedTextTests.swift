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
        #expect(MarkedText.mayHold("a==b") && !MarkedText.mayHold("a=b = c"))
        #expect(
            MarkdownDocument.html("==smart==mark==\n") == "<p><mark>smart==mark</mark></p>\n",
            "a == inside a word neither opens nor closes")
    }
}
