import Testing

@testable import SiteBuilder

/// Emoji written by name, `:tada:`, as GitHub and MkDocs Material read them.
@Suite("Emoji")
struct EmojiTests {
    @Test("A name GitHub knows is its emoji, in a paragraph, a heading, a list, a table and a link's text")
    func names() {
        #expect(
            MarkdownDocument.html("Shipped :tada: :+1: :-1: :100: :white_check_mark:")
                == "<p>Shipped 🎉 👍 👎 💯 ✅</p>\n")
        #expect(MarkdownDocument.html(":warning::fire:") == "<p>⚠️🔥</p>\n")
        #expect(MarkdownDocument.html("- :bug: *fixed :sparkles:*") == "<ul>\n<li>🐛 <em>fixed ✨</em></li>\n</ul>\n")
        #expect(
            MarkdownDocument.html("| a |\n|---|\n| :x: |\n")
                == "<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>❌</td>\n</tr>\n</tbody>\n</table>\n"
        )
        #expect(MarkdownDocument.html("[go :rocket:](https://example.com)").contains(">go 🚀</a>"))
        #expect(MarkdownDocument.html("# :rocket: Launch").contains("🚀 Launch</h1>"))
    }

    @Test("Where two emoji share a name, GitHub's alias wins; a new emoji has its name as GitHub writes it")
    func whichEmoji() {
        #expect(MarkdownDocument.html(":whale: :whale2: :camel: :melting_face:") == "<p>🐳 🐋 🐫 🫠</p>\n")
    }

    @Test("A heading's id is made from its text as written, so links to it hold; the heading shows the emoji")
    func headingID() throws {
        let site = try TestSite(pages: [
            "index.md": "# Top\n\n## :tada: Release\n",
            "other.md": "# Other\n\n[Release](index.md#tada-release)\n",
        ])
        try site.build()
        let (index, other) = (site.output("index.html") ?? "", site.output("other/index.html") ?? "")
        #expect(index.contains("<h2 id=\"tada-release\">🎉 Release</h2>"), "\(index)")
        #expect(other.contains("href=\"/#tada-release\""), "\(other)")
    }

    @Test("A title and a table of contents made from headings show the emoji, but not one named in code")
    func titleAndContents() throws {
        var templates = TestSite.contentOnlyTemplates
        templates["page.mustache"] =
            "{{<layout}}{{$content}}<title>{{page.title}}</title>{{#page.toc}}<li>{{title}}</li>{{/page.toc}}"
            + "{{/content}}{{/layout}}"
        let site = try TestSite(
            pages: ["index.md": "# Home\n", "launch.md": "# :rocket: Launch\n\n## :tada: Release `:x:`\n\n## Plain\n"],
            templates: templates)
        try site.build()
        #expect(
            site.output("launch/index.html")
                == "<title>🚀 Launch</title><li>🎉 Release :x:</li><li>Plain</li>")
    }

    @Test("What names no emoji, and names in code, addresses and raw HTML, stay as written")
    func notEmoji() {
        for (text, kept) in [
            (":notaname: and :Tada: and :ta da:", ":notaname: and :Tada: and :ta da:"),
            ("at 12:30:45, a::b, ::", "at 12:30:45, a::b, ::"),
            ("`:tada:`", "<code>:tada:</code>"),
            ("```\n:tada:\n```", ":tada:"),
            ("    :tada:", ":tada:"),
            ("<https://example.com/:tada:/>", "https://example.com/:tada:/</a>"),
            ("https://example.com/:tada:/", "https://example.com/:tada:/</a>"),
            ("<span title=\":tada:\">x</span>", "<span title=\":tada:\">"),
        ] {
            let html = MarkdownDocument.html(text)
            #expect(html.contains(kept), "\(text) gave \(html)")
            #expect(!html.contains("🎉"), "\(text) gave \(html)")
        }
    }

    @Test("A colon that ends a name no emoji has can start the next one; text around is kept byte for byte")
    func around() {
        #expect(MarkdownDocument.html("a:xyz:tada:c") == "<p>a:xyz🎉c</p>\n")
        #expect(MarkdownDocument.html("é:tada:\u{301}ü") == "<p>é🎉\u{301}ü</p>\n")
        #expect(MarkdownDocument.html("\u{600}:tada:") == "<p>\u{600}🎉</p>\n")
    }

    @Test("Only a page that names an emoji is walked for them")
    func mayHold() {
        #expect(Emoji.mayHold("x :tada: y"))
        #expect(Emoji.mayHold("`:tada:`"))
        #expect(!Emoji.mayHold("https://example.com at 12:30:45 :notaname: ::"))
    }
}
