import Testing

@testable import SiteBuilder

/// Obsidian's block ids, `^step-2`, and the wiki links to them.
@Suite("Block ids")
struct BlockIDTests {
    @Test("A block id ending a line, or on a line of its own, becomes an element of that id; code keeps its text")
    func rewritten() {
        for (line, rewritten) in [
            ("Run it. ^step-2", "Run it. <span id=\"^step-2\"></span>"),
            ("- an item ^item  ", "- an item <span id=\"^item\"></span>"),
            ("^table-1", "<div id=\"^table-1\"></div>"),
            ("  ^in-list", "  <div id=\"^in-list\"></div>"),
        ] {
            #expect(BlockIDs.rewriteLine(line) == rewritten, "\(line)")
        }
        for line in [
            "x^2", "a ^", "a ^b_c", "`code ^x`", "`open ^x", "2 ^ 3", "[^1]: note", "a ^é",
            // A key pressed with Ctrl, as terminal docs write it, is text, not an id.
            "To stop the server, press ^C", "^D",
        ] {
            #expect(BlockIDs.rewriteLine(line) == nil, "\(line)")
        }
        #expect(BlockIDs.rewrite("```\nx ^ab\n```\ny ^bc\n") == "```\nx ^ab\n```\ny <span id=\"^bc\"></span>\n")
    }

    @Test("A wiki link leads to a block by its id, on the page or another; a missing one is a broken link")
    func linked() throws {
        let site = try TestSite(pages: [
            "index.md": "First. ^first\n\nSee [[#^first]] and [[guide#^step|the step]].\n",
            "guide.md": "| a |\n|---|\n| b |\n\n^table\n\nStep. ^step\n",
        ])
        try site.build()
        #expect(
            site.output("index.html")
                == "<p>First. <span id=\"^first\"></span></p>\n<p>See <a href=\"#%5Efirst\">^first</a> and "
                + "<a href=\"/guide/#%5Estep\">the step</a>.</p>\n")
        #expect(site.output("guide/index.html")?.contains("<div id=\"^table\"></div>") == true)
        try site.write(["index.md": "[[#^gone]] and [[guide#^nope]]\n"], under: "site")
        #expect(
            site.buildErrors() == [
                "site/index.md:1: link: no block '^gone' on this page; a block's id ends its last line (\"… ^gone\")",
                "site/index.md:1: link: '[[guide#^nope]]': the page has no block '^nope'; a block's id ends its last "
                    + "line (\"… ^nope\")",
            ])
    }
}
