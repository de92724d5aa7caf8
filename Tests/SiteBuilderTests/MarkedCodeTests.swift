import Foundation
import Testing

@testable import SiteBuilder

@Suite("Lines marked in code blocks")
struct MarkedCodeTests {
    /// The code as shown and its marks, one letter a line: `h` highlight, `+` added, `-` removed, `e` error,
    /// `w` warning, `.` none; "" when no line is marked.
    private func marked(_ code: String, _ info: String = "js") -> (code: String, marks: String) {
        let marked = MarkedCode(code, info: CodeBlockInfo(info))
        let letters: [CodeLineMark?: Character] = [
            nil: ".", .highlight: "h", .added: "+", .removed: "-", .error: "e", .warning: "w", .focus: "f",
            .blurred: "b",
        ]
        return (marked.code, String(marked.marks.map { letters[$0]! }))
    }

    @Test("Docusaurus's comments mark the next line or the lines between, in each comment syntax, and are not shown")
    func docusaurusComments() {
        let code = "a\n// highlight-next-line\nb\nc\n  /* highlight-start */\nd\ne\n  # highlight-end\nf\n"
        #expect(marked(code) == ("a\nb\nc\nd\ne\nf\n", ".h.hh.."))
        for comment in [
            "//highlight-next-line", "-- highlight-next-line", "% highlight-next-line", ";; highlight-next-line",
            "<!-- highlight-next-line -->", "{/* highlight-next-line */}", "(* highlight-next-line *)",
            "\t#  highlight-next-line  ",
        ] {
            #expect(marked("\(comment)\nx\n", "py") == ("x\n", "h."), "\(comment)")
        }
        // Nested ranges, and a start never ended, which marks nothing, as in Docusaurus.
        #expect(
            marked("// highlight-start\na\n// highlight-start\nb\n// highlight-end\nc\n// highlight-end\nd\n") == (
                "a\nb\nc\nd\n", "hhh.."
            ))
        #expect(marked("// highlight-start\na\n") == ("a\n", ""))
        // Not a directive: other text in the comment, or code before it.
        for line in ["// highlight-next-line please", "x // highlight-next-line", "// highlight-nextline"] {
            #expect(marked("\(line)\ny\n") == ("\(line)\ny\n", ""), "\(line)")
        }
    }

    @Test("Lines the info string names count in the code as written, and Docusaurus's comments are then code")
    func infoLinesFirst() {
        #expect(marked("// highlight-next-line\nx\ny\n", "js {3}") == ("// highlight-next-line\nx\ny\n", "..h."))
        #expect(marked("a // [!code ++]\nb\nc\n", "js {3}") == ("a\nb\nc\n", "+.h."))
        #expect(marked("// [!code ++]\nb\nc\n", "js {3}") == ("b\nc\n", "+h."))
    }

    @Test("VitePress's notations mark their line, and a count of lines, and leave the line without them")
    func vitePressNotations() {
        let code = """
            keep() // [!code highlight]
            gone() // [!code --]
            added() // [!code ++]
            bad() /* [!code error] */
            odd() # [!code warning]
            look() // [!code focus]
            two() // [!code hl:2]
            next()
            <App /> {/* [!code ++] */}

            """
        #expect(
            marked(code) == ("keep()\ngone()\nadded()\nbad()\nodd()\nlook()\ntwo()\nnext()\n<App />\n", "h-+ewfhh+b"))
        // A comment with more text keeps it; a block comment keeps its close.
        #expect(
            marked("x // keep this [!code ++]\ny /* and this [!code --] */\n") == (
                "x // keep this\ny /* and this */\n", "+-."
            ))
        // Alone on its line, a notation marks the lines after it and is not shown.
        #expect(marked("a\n  // [!code ++:2]\nb\nc\nd\n") == ("a\nb\nc\nd\n", ".++.."))
        // A count past the end marks what there is.
        #expect(marked("a // [!code --:99]\nb") == ("a\nb", "--"))
    }

    @Test("Lines in focus leave the block's unmarked lines blurred, which the theme shows dimmed until pointed at")
    func focus() throws {
        #expect(marked("a\nb // [!code focus:2]\nc\nd // [!code ++]\n") == ("a\nb\nc\nd\n", "bff+b"))
        let site = try TestSite(pages: [
            "index.md": "```text\nplain // [!code focus]\n```\n\n```js\na()\nb() // [!code focus]\n```\n"
        ])
        try site.build()
        #expect(
            site.output("index.html")
                == "<pre><code class=\"language-text\">plain // [!code focus]\n</code></pre>\n"
                + "<pre><code class=\"language-js\"><span class=\"line-blur\"><span class=\"hl-fn\">a</span>()\n</span>"
                + "<span class=\"line-focus\"><span class=\"hl-fn\">b</span>()\n</span></code></pre>\n")
    }

    @Test("Lines end at each line feed, a carriage return before it or not")
    func carriageReturns() {
        #expect(marked("a\r\nb // [!code ++]\n") == ("a\r\nb\n", ".+."))
    }

    @Test("What is no notation stays code: no comment, an unknown word, a bad count, or text after it")
    func notNotations() {
        for line in [
            "x = \"[!code ++]\"", "x // [!code bold]", "x // [!code ++:0]", "x // [!code ++:two]",
            "x // [!code ++] y", "x [!code ++]", "x // [!code++]", "x /* [!code ++] -->",
        ] {
            #expect(marked(line + "\n") == (line + "\n", ""), "\(line)")
        }
    }

    @Test("Comments are not read in plain text or a block without a language; lines the info string names are")
    func plainText() {
        for info in ["", "text", "console", "{2}"] {
            let code = "// highlight-next-line\nx // [!code ++]\n"
            #expect(marked(code, info) == (code, info == "{2}" ? ".h." : ""), "\(info)")
        }
    }

    @Test("Marked lines in a built page: the comments gone from the highlighted code, each mark's classes on its line")
    func builtPage() throws {
        let site = try TestSite(pages: [
            "index.md": """
            ```python
            # highlight-next-line
            x = 1
            y = 2  # [!code ++]
            z = 3  # [!code --]
            ```

            ```nosuchlanguage
            a /* [!code error] */
            b
            ```

            ```text
            # highlight-next-line
            ```

            """
        ])
        try site.build()
        let html = try #require(site.output("index.html"))
        #expect(
            html.contains(
                """
                <pre><code class="language-python"><span class="hl-line">x <span class="hl-op">=</span> \
                <span class="hl-dv">1</span>
                </span><span class="hl-line line-add">y <span class="hl-op">=</span> <span class="hl-dv">2</span>
                </span><span class="hl-line line-del">z <span class="hl-op">=</span> <span class="hl-dv">3</span>
                </span></code></pre>
                """))
        #expect(
            html.contains(
                "<pre><code class=\"language-nosuchlanguage\"><span class=\"hl-line line-error\">a\n</span>b\n</code></pre>"
            ))
        #expect(html.contains("<pre><code class=\"language-text\"># highlight-next-line\n</code></pre>"))
        #expect(!html.contains("[!code"))
    }
}
