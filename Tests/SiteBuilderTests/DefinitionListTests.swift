import Foundation
import Testing

@testable import SiteBuilder

@Suite("Definition lists")
struct DefinitionListTests {
    @Test("Terms, then lines opening with a colon: a list of terms and definitions, their inline Markdown kept")
    func tight() {
        #expect(
            MarkdownDocument.html("Access rule\n: Who may read a *page*.\n") == """
                <dl>
                <dt>Access rule</dt>
                <dd>Who may read a <em>page</em>.</dd>
                </dl>

                """)
        #expect(
            MarkdownDocument.html("Term one\nTerm `two`\n: First,\n  run on.\n:\tSecond\n") == """
                <dl>
                <dt>Term one</dt>
                <dt>Term <code>two</code></dt>
                <dd>First,
                run on.</dd>
                <dd>Second</dd>
                </dl>

                """)
        #expect(MarkdownDocument.html("Colon\n: *emphasis* first\n").contains("<dd><em>emphasis</em> first</dd>"))
    }

    @Test("Blank lines between terms and definitions, and lists one after another, make one list")
    func loose() {
        #expect(
            MarkdownDocument.html("Term\n\n: One\n\n: Two\n\nOther\n: Three\n\nAfter.\n") == """
                <dl>
                <dt>Term</dt>
                <dd>One</dd>
                <dd>Two</dd>
                <dt>Other</dt>
                <dd>Three</dd>
                </dl>
                <p>After.</p>

                """)
    }

    @Test("In a list item, a quote and an alert, whose marker line is no term")
    func nested() {
        #expect(
            MarkdownDocument.html("- Term\n  : Def\n").contains("<li>\n<dl>\n<dt>Term</dt>\n<dd>Def</dd>\n</dl>\n</li>")
        )
        #expect(MarkdownDocument.html("> Term\n> : Def\n").contains("<blockquote>\n<dl>\n<dt>Term</dt>"))
        let alert = MarkdownDocument.html("> [!NOTE]\n> Term\n> : Def\n")
        #expect(
            alert.contains("<p class=\"callout-title\">Note</p>\n<dl>\n<dt>Term</dt>\n<dd>Def</dd>\n</dl>"), "\(alert)")
    }

    @Test("What is no definition list stays as it was")
    func notLists() {
        for markdown in [
            ": a colon first\n", "Term\n:no space\n", "Term\n:\n", "Time 10:30\nis late\n", "::: note\nx\n:::\n",
            "# Heading\n\n: after a heading\n", "- item\n\n: after a list\n", "Term\n\n    : code\n",
        ] {
            #expect(!MarkdownDocument.html(markdown).contains("<dl>"), "\(markdown)")
        }
        // Lists one after another are one; the paragraph before a paragraph of definitions holds its terms.
        #expect(MarkdownDocument.html("A\n: x\n\nB\n: y\n").components(separatedBy: "<dl>").count == 2)
        #expect(MarkdownDocument.html("Before.\n\n: colon paragraph\n: two\n").contains("<dt>Before.</dt>"))
    }

    @Test("Only text with a line opening with a colon and a space, after any indent and quote marks, is looked at")
    func mayHold() {
        for markdown in [": x", "a\n: x", "a\n  :\tx", "> a\n> : x"] {
            #expect(DefinitionLists.mayHold(markdown), "\(markdown)")
        }
        for markdown in ["a: x", "a\n:x", "a\n- : x", "::: note", "a\n:"] {
            #expect(!DefinitionLists.mayHold(markdown), "\(markdown)")
        }
    }

    @Test("Blocks indented under a definition after a blank line are part of it: paragraphs, lists and code")
    func continued() {
        #expect(
            MarkdownDocument.html(
                "Term\n: First.\n\n    Second *paragraph*.\n\n        code\n\n\t- a list\n\nNext\n: Tight.\n")
                    == """
                    <dl>
                    <dt>Term</dt>
                    <dd>
                    <p>First.</p>
                    <p>Second <em>paragraph</em>.</p>
                    <pre><code>code
                    </code></pre>
                    <ul>
                    <li>a list</li>
                    </ul>
                    </dd>
                    <dt>Next</dt>
                    <dd>Tight.</dd>
                    </dl>

                    """)
        // Each definition keeps its own blocks; a fence inside one is code.
        #expect(
            MarkdownDocument.html("T\n: A\n\n    a2\n\n: B\n\n    ```\n    b2\n    ```\n") == """
                <dl>
                <dt>T</dt>
                <dd>
                <p>A</p>
                <p>a2</p>
                </dd>
                <dd>
                <p>B</p>
                <pre><code>b2
                </code></pre>
                </dd>
                </dl>

                """)
    }

    @Test("In a list item, a definition's blocks stand four spaces further in than its colon")
    func continuedInListItem() {
        #expect(
            MarkdownDocument.html("- Item\n\n  Term\n  : Def\n\n      more\n")
                .contains("<dd>\n<p>Def</p>\n<p>more</p>\n</dd>\n</dl>\n</li>"))
        // Two spaces further in than the colon is the item's own paragraph, as CommonMark reads it.
        #expect(
            MarkdownDocument.html("- Item\n\n  Term\n  : Def\n\n    more\n")
                .contains("<dd>Def</dd>\n</dl>\n<p>more</p>\n</li>"))
    }

    @Test("An indented block after a blank line is code where no definition comes before it, and so is one in code")
    func notContinued() {
        let code = "<pre><code>code\n</code></pre>"
        for markdown in [
            "Paragraph\n\n    code\n", "Term\n: Def\n\nParagraph\n\n    code\n",
            "```\nT\n: D\n```\n\n    code\n", "> T\n> : D\n\n    code\n", "# T\n: D\n\n    code\n",
            "| a |\n|---|\n: D\n\n    code\n", "<div>\n: D\n\n    code\n", "***\n: D\n\n    code\n",
            "T\n===\n: D\n\n    code\n",
        ] {
            let html = MarkdownDocument.html(markdown)
            #expect(html.contains(code), "\(markdown) gave \(html)")
        }
        // Without a blank line, an indented line runs on in the definition, as before.
        #expect(MarkdownDocument.html("T\n: D\n    more\n").contains("<dd>D\nmore</dd>"))
    }

    @Test("A link in a block that continues a definition is resolved, and a broken one named on its own line")
    func continuedLinks() throws {
        let site = try TestSite(pages: [
            "index.md": "Term\n: Def.\n\n    See [setup](setup.md) and [gone](gone.md).\n",
            "setup.md": "# Setup\n",
        ])
        let errors = site.buildErrors()
        #expect(
            errors.count == 1 && errors[0].contains("site/index.md:4") && errors[0].contains("gone.md"), "\(errors)")
    }

    @Test("A link in a term or definition is resolved and checked as any other")
    func links() throws {
        let site = try TestSite(pages: [
            "index.md": "[Setup](guide/setup.md)\n: Read [the setup](guide/setup.md) first; not [this](missing.md).\n",
            "guide/setup.md": "# Setup\n",
        ])
        let errors = site.buildErrors()
        #expect(
            errors.count == 1 && errors[0].contains("site/index.md:2") && errors[0].contains("missing.md"), "\(errors)")
        try site.write(
            ["index.md": "[Setup](guide/setup.md)\n: Read [the setup](guide/setup.md#setup) first.\n"], under: "site")
        try site.build()
        let html = try #require(site.output("index.html"))
        #expect(html.contains("<dt><a href=\"/guide/setup/\">Setup</a></dt>"))
        #expect(html.contains("<dd>Read <a href=\"/guide/setup/#setup\">the setup</a> first.</dd>"))
    }
}
