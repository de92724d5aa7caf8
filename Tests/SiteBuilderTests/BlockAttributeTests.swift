import Foundation
import Testing

@testable import SiteBuilder

@Suite("Attribute lists on a line of their own, for blocks")
struct BlockAttributeTests {
    @Test("On a paragraph's last line, with or without the colon, or on its first with it, the paragraph takes it")
    func paragraph() {
        #expect(
            MarkdownDocument.html("Intro text.\n{: .fs-6 .fw-300 }\n")
                == "<p class=\"fs-6 fw-300\">Intro text.</p>\n")
        #expect(
            MarkdownDocument.html("Intro *text*.\n{#intro .lead data-x=\"a&b\"}\n")
                == "<p id=\"intro\" class=\"lead\" data-x=\"a&amp;b\">Intro <em>text</em>.</p>\n")
        #expect(
            MarkdownDocument.html("{: .note }\nA paragraph, then\nits second line.\n")
                == "<p class=\"note\">A paragraph, then\nits second line.</p>\n")
        // Without the colon, a first line is text: Python-Markdown and Hugo write the list after the block.
        #expect(MarkdownDocument.html("{ .note }\nText.\n") == "<p>{ .note }\nText.</p>\n")
    }

    @Test("Alone between blocks, it is for the block right above, else for the one right below, as kramdown reads it")
    func alone() {
        #expect(
            MarkdownDocument.html("> Quoted.\n\n{: .warning-title }\n> Title\n>\n> Body\n")
                == "<blockquote>\n<p>Quoted.</p>\n</blockquote>\n<blockquote class=\"warning-title\">\n<p>Title</p>\n"
                + "<p>Body</p>\n</blockquote>\n")
        #expect(
            MarkdownDocument.html("```python\nprint(1)\n```\n{: .wide }\n")
                .hasPrefix("<pre class=\"wide\"><code class=\"language-python\">"))
        let table = MarkdownDocument.html("Text.\n\n{: .compact }\n| a | b |\n|---|---|\n| 1 | 2 |\n")
        #expect(table.hasPrefix("<p>Text.</p>\n<table class=\"compact\">\n<thead>"), "\(table)")
        // With a blank line on both sides it is for no block, and kramdown leaves it out.
        #expect(MarkdownDocument.html("One.\n\n{: .lost }\n\nTwo.\n") == "<p>One.</p>\n<p>Two.</p>\n")
        // A list's last item is followed by a blank line that cmark counts as the list's: the line is for the table.
        let afterList = MarkdownDocument.html("* a\n* b\n\n{: .compact }\n| a |\n|---|\n")
        #expect(afterList.hasPrefix("<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<table class=\"compact\">"), "\(afterList)")
        // Under a table, which GFM reads as its last row; a row written with pipes stays a row.
        let underTable = MarkdownDocument.html("| a | b |\n|---|---|\n| 1 | 2 |\n{: .compact }\n\nAfter.\n")
        #expect(underTable.hasPrefix("<table class=\"compact\">\n") && !underTable.contains("{:"), "\(underTable)")
        #expect(underTable.contains("<td>2</td>\n</tr>\n</tbody>\n</table>\n<p>After.</p>"), "\(underTable)")
        for row in ["| {: .x } |", "| {: .x } | 2 |", "{: .x } | 2"] {
            let table = MarkdownDocument.html("| a | b |\n|---|---|\n\(row)\n")
            #expect(table.hasPrefix("<table>\n") && table.contains("{: .x }"), "\(row): \(table)")
        }
    }

    @Test("A heading takes an id from the line below it and kramdown's no_toc leaves it out of the contents")
    func heading() {
        let document = MarkdownDocument(markdown: "## Contents\n{: .no_toc .text-delta }\n\n## Setup\n{: #install }\n")
        #expect(document.headings.map(\.writtenID) == [nil, "install"])
        #expect(document.headings.map(\.isListed) == [false, true])
        #expect(
            document.renderHTML(headingIDs: ["contents", "install"])
                == "<h2 id=\"contents\" class=\"no_toc text-delta\">Contents</h2>\n<h2 id=\"install\">Setup</h2>\n")
        let toc = TocEntry.entries(from: Array(zip(document.headings, ["contents", "install"])))
        #expect(toc.map(\.id) == ["install"])
    }

    @Test("In a tight list an indented line is for its item, an unindented one for the list; a loose item's paragraph")
    func lists() {
        #expect(
            MarkdownDocument.html("- one\n- two\n  {: .done }\n- three\n")
                == "<ul>\n<li>one</li>\n<li class=\"done\">two</li>\n<li>three</li>\n</ul>\n")
        #expect(
            MarkdownDocument.html("1. one\n2. two\n{: .steps }\n")
                == "<ol class=\"steps\">\n<li>one</li>\n<li>two</li>\n</ol>\n")
        #expect(
            MarkdownDocument.html("3. one\n\n4. two\n   {: .done }\n")
                == "<ol start=\"3\">\n<li>\n<p>one</p>\n</li>\n<li>\n<p class=\"done\">two</p>\n</li>\n</ol>\n")
        // A task list keeps its boxes, each labelled.
        #expect(
            MarkdownDocument.html("- [x] done\n- [ ] open\n{: .tasks }\n")
                .hasPrefix(
                    "<ul class=\"tasks\">\n<li><input type=\"checkbox\" checked=\"\" disabled=\"\" aria-label=\"Done\"")
        )
    }

    @Test("A callout keeps its classes and adds the line's; a quote's paragraph takes a line inside the quote")
    func inContainers() {
        let callout = MarkdownDocument.html("{: .wide }\n> [!NOTE]\n> An alert.\n")
        #expect(callout.hasPrefix("<div class=\"callout callout-note wide\" role=\"note\">"), "\(callout)")
        #expect(
            MarkdownDocument.html("> Quoted\n> {: .inner }\n")
                == "<blockquote>\n<p class=\"inner\">Quoted</p>\n</blockquote>\n")
    }

    @Test("kramdown's {:toc} under a one-item list is the table of contents")
    func contents() {
        let document = MarkdownDocument(markdown: "# Page\n\n1. TOC\n{:toc}\n\n## First\n\n## Second\n")
        let html = document.renderHTML(headingIDs: ["page", "first", "second"], omittingOpeningHeading: true)
        #expect(
            html.hasPrefix(
                "<nav class=\"toc-marker\" aria-label=\"Contents\"><ul class=\"toc-list\"><li><a href=\"#first\">First"),
            "\(html)")
        #expect(!html.contains("TOC"))
        // A list of two items is a list.
        #expect(MarkdownDocument.html("* a\n* TOC\n{:toc}\n").contains("<li>TOC\n{:toc}</li>"))
        // One whose text holds a link, raw HTML or math is a list too: they are not freed with it.
        for item in ["[TOC](x)", "<b>TOC</b>", "$x$ TOC"] {
            let html = MarkdownDocument(markdown: "* \(item)\n{:toc}\n\n## A\n").renderHTML(headingIDs: ["a"])
            #expect(html.hasPrefix("<ul>\n<li>") && html.contains("{:toc}"), "\(item): \(html)")
        }
    }

    @Test("Braces an escape spells, text around them, or no attribute list between them stay text")
    func notLists() {
        for markdown in [
            "Text\n\\{: .not }\n", "Text\n{: .not } more\n", "Text\n{ just text }\n", "Text\n{: #a #b }\n",
            "Text\n{}\n", "Text\n`{: .code }`\n", "Text\n&#123;: .not }\n",
        ] {
            let html = MarkdownDocument.html(markdown)
            #expect(html.hasPrefix("<p>Text\n") && !html.contains("class="), "\(markdown): \(html)")
        }
        // Math in a value is math, and the line stays text: its node was freed with it, then rendered (a crash).
        let math = MarkdownDocument.html("{: data-x=\"$a$\" }\n> Quote\n")
        #expect(
            math.hasPrefix("<p>{: data-x=&quot;<span class=\"katex\">") && math.contains("<blockquote>\n"), "\(math)")
    }

    @Test("A block's id is an anchor links may name")
    func anchors() {
        let document = MarkdownDocument(markdown: "Text.\n{: #terms }\n\nThe [terms](#terms).\n")
        #expect(document.htmlAnchors.contains("terms"))
    }

    @Test("Attributes join a tag's own: classes after its classes, its id and attributes kept, before a />")
    func adding() {
        let list = AttributeList(Array(": #new .b data-x=1 role=x".utf8)[...])
        #expect(
            BlockAttributes.adding(list, to: "<div class=\"a\" role=\"note\">\n<p>x</p>\n</div>\n")
                == "<div class=\"a b\" role=\"note\" id=\"new\" data-x=\"1\">\n<p>x</p>\n</div>\n")
        #expect(
            BlockAttributes.adding(list, to: "<hr />\n") == "<hr id=\"new\" class=\"b\" data-x=\"1\" role=\"x\" />\n")
        #expect(
            BlockAttributes.adding(list, to: "<h2 id=\"old\" class=\"\">T</h2>")
                == "<h2 id=\"old\" class=\"b\" data-x=\"1\" role=\"x\">T</h2>")
    }

    private static let callouts = JekyllSource.config(
        """
        callouts:
          highlight:
            color: yellow
          important:
            title: Important
            color: blue-000
          warning:
            title: Careful & quick
            color: red
          tip: {}
          odd: plain
        """
    ).callouts

    @Test("_config.yml's callouts: the colour gives the kind, else the name when it is one; a title is optional")
    func calloutConfig() {
        #expect(Self.callouts["highlight"] == JekyllCallout(name: "highlight", title: nil, color: "yellow"))
        #expect(
            Self.callouts.mapValues(\.kind) == [
                "highlight": "warning", "important": "note", "warning": "caution", "tip": "tip",
            ])
        #expect(
            Self.callouts.mapValues(\.title) == [
                "highlight": nil, "important": "Important", "warning": "Careful & quick", "tip": nil,
            ])
    }

    @Test(
        "A paragraph or quote a callout's class marks is that callout; with -title, a quote's first paragraph titles it"
    )
    func jekyllCallouts() {
        let dialect = MarkdownDialect(callouts: Self.callouts)
        let render = { (markdown: String) in
            MarkdownDocument(markdown: markdown, dialect: dialect).renderHTML(headingIDs: [])
        }
        #expect(
            render("{: .highlight }\nA paragraph.\n")
                == "<div class=\"callout callout-warning highlight\" role=\"note\">\n<p>A paragraph.</p>\n</div>\n")
        #expect(
            render("{: .warning }\n> One.\n>\n> Two.\n")
                == "<div class=\"callout callout-caution warning\" role=\"note\">\n"
                + "<p class=\"callout-title\">Careful &amp; quick</p>\n<p>One.</p>\n<p>Two.</p>\n</div>\n")
        #expect(
            render("{: .important-title #why }\n> Why *this*\n>\n> Because.\n")
                == "<div class=\"callout callout-note important-title\" role=\"note\" id=\"why\">\n"
                + "<p class=\"callout-title\">Why <em>this</em></p>\n<p>Because.</p>\n</div>\n")
        // A class no callout is named by, a list, and a site without callouts keep the block as it is.
        #expect(render("{: .note }\nText.\n") == "<p class=\"note\">Text.</p>\n")
        #expect(render("* a\n{: .highlight }\n") == "<ul class=\"highlight\">\n<li>a</li>\n</ul>\n")
        #expect(MarkdownDocument.html("{: .highlight }\nText.\n") == "<p class=\"highlight\">Text.</p>\n")
    }

    @Test("A Jekyll source's callouts come from its _config.yml, and a change to them renders its pages again")
    func calloutsInABuild() throws {
        let site = try TestSite(
            pages: [
                "_config.yml": "callouts:\n  warning:\n    title: Warning\n    color: red\n",
                "index.md": "{: .warning }\nMind the gap.\n",
            ],
            templates: TestSite.contentOnlyTemplates)
        try site.build()
        #expect(site.output("index.html")?.contains("<p class=\"callout-title\">Warning</p>") == true)
        try site.write(["_config.yml": "callouts:\n  warning:\n    title: Beware\n    color: yellow\n"], under: "site")
        try site.build()
        let page = site.output("index.html") ?? ""
        #expect(
            page.contains("callout-warning warning") && page.contains("<p class=\"callout-title\">Beware</p>"),
            "\(page)")
    }
}
