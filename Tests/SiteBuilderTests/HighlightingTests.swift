import Foundation
import Testing

@testable import SiteBuilder

@Suite("Code highlighting")
struct HighlightingTests {
    /// The inside of the first `<pre><code class="language-…">` of a built page.
    private func codeBlock(_ markdown: String) throws -> String {
        let site = try TestSite(pages: ["index.md": markdown])
        try site.build()
        let html = try #require(site.output("index.html"))
        let open = try #require(html.range(of: "<pre><code"))
        let start = try #require(html[open.upperBound...].range(of: ">"))
        let end = try #require(html.range(of: "</code></pre>"))
        return String(html[start.upperBound..<end.lowerBound])
    }

    @Test("Each listed language gets its tokens, keeps its text, and escapes < and &", arguments: samples)
    func language(_ sample: Sample) throws {
        let html = try codeBlock("```\(sample.language)\n\(sample.code)\n```\n")
        #expect(html.contains(sample.token))
        let text = html.replacing(/<span class="hl-[a-z-]+">|<\/span>/, with: "")
        #expect(!text.contains("<") && !text.contains(">"))
        #expect(text.replacing(/&(lt|gt|amp|quot);/, with: "").contains("&") == false)
        let unescaped = text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        #expect(unescaped == sample.code + "\n")
    }

    @Test("A Rust block leaves out its hidden lines, as rustdoc and mdBook do; ## shows as #; other languages keep #")
    func rustHiddenLines() {
        let html = MarkdownDocument.html(
            "```rust,ignore\n# fn main() {\n    # let hidden = 1;\n#\nlet x = 5;\n## shown\n#[derive(Debug)]\n# }\n```\n"
        )
        let text = html.replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
        #expect(text == "let x = 5;\n# shown\n#[derive(Debug)]\n\n", "\(html)")
        #expect(html.hasPrefix("<pre><code class=\"language-rust\">"))
        #expect(MarkdownDocument.html("```python\n# a comment\n```\n").contains("# a comment"))
        #expect(RustHiddenLines.shown("fn main() {}\n") == nil)
        #expect(RustHiddenLines.shown("#![allow(unused)]\n#[test]\n") == nil)
    }

    @Test("A highlighted block keeps cmark-gfm's markup around its tokens")
    func exactHTML() throws {
        let site = try TestSite(pages: ["index.md": "Text.\n\n```python\ndef f():\n    return 1 < 2\n```\n"])
        try site.build()
        #expect(
            site.output("index.html") == """
                <p>Text.</p>
                <pre><code class="language-python"><span class="hl-kw">def</span> f():
                    <span class="hl-cf">return</span> <span class="hl-dv">1</span> \
                <span class="hl-op">&lt;</span> <span class="hl-dv">2</span>
                </code></pre>

                """)
    }

    @Test("An SSI directive shown in highlighted code is escaped, so the build accepts it")
    func directiveInCode() throws {
        let html = try codeBlock("```html\n<!--# include virtual=\"/finance/\" -->\n```\n")
        #expect(html == "<span class=\"hl-cm\">&lt;!--# include virtual=&quot;/finance/&quot; --&gt;</span>\n")
    }

    @Test("Unknown languages, plain-text names and blocks without a language stay escaped plain text")
    func plainBlocks() throws {
        for fence in ["```nosuchlanguage", "```text", "```", "~~~console"] {
            let closing = fence.hasPrefix("~") ? "~~~" : "```"
            let site = try TestSite(pages: ["index.md": "\(fence)\na < b && \"c\"\n\(closing)\n"])
            try site.build()
            let language = fence.drop { $0 == "`" || $0 == "~" }
            let open = language.isEmpty ? "<pre><code>" : "<pre><code class=\"language-\(language)\">"
            #expect(site.output("index.html") == "\(open)a &lt; b &amp;&amp; &quot;c&quot;\n</code></pre>\n")
        }
    }

    @Test("A fence's title, as MkDocs Material, Docusaurus and VitePress write it, is the block's caption")
    func titles() throws {
        let site = try TestSite(pages: [
            "index.md": """
            ```python title="greet.py"
            x = 1
            ```

            ```text title='out <1>.txt' showLineNumbers
            a < b
            ```

            ``` title=notes.txt
            plain
            ```

            ```js [config.js]
            x
            ```

            ```python subtitle="not a title"
            y
            ```
            """
        ])
        try site.build()
        #expect(
            site.output("index.html") == """
                <figure class="code-figure">
                <figcaption class="code-title">greet.py</figcaption>
                <pre><code class="language-python">x <span class="hl-op">=</span> <span class="hl-dv">1</span>
                </code></pre>
                </figure>
                <figure class="code-figure">
                <figcaption class="code-title">out &lt;1&gt;.txt</figcaption>
                <pre><code class="language-text">a &lt; b
                </code></pre>
                </figure>
                <figure class="code-figure">
                <figcaption class="code-title">notes.txt</figcaption>
                <pre><code>plain
                </code></pre>
                </figure>
                <figure class="code-figure">
                <figcaption class="code-title">config.js</figcaption>
                <pre><code class="language-js">x
                </code></pre>
                </figure>
                <pre><code class="language-python">y
                </code></pre>

                """)
    }

    @Test("The info string: a language, lines to highlight glued to it or not, a title, other words passed by")
    func infoStrings() {
        let cases: [(String, String, String?)] = [
            ("python", "python", nil), ("ts{1,3}", "ts", nil), ("js {2} title=\"a b.js\"", "js", "a b.js"),
            ("js:line-numbers [vite.config.js]", "js", "vite.config.js"), ("title=x.sh", "", "x.sh"),
            ("[label]", "", "label"), ("sh title=\"unclosed", "sh", nil), ("sh title=", "sh", nil),
            ("sh mytitle=x title=y", "sh", "y"), ("  c++  ", "c++", nil), ("", "", nil),
            ("go {title=\"main.go\"}", "go", "main.go"), ("go {linenos=true,title=main.go}", "go", "main.go"),
            ("rust,ignore", "rust", nil), ("rust,no_run,edition2021 title=x.rs", "rust", "x.rs"),
        ]
        for (info, language, title) in cases {
            let parsed = CodeBlockInfo(info)
            #expect(parsed.language == language && parsed.title == title, "\(info)")
        }
    }

    @Test("Lines to highlight, as Docusaurus, VitePress, MkDocs Material and Hugo write them; others passed by")
    func highlightedLineSpecs() {
        let cases: [(String, [ClosedRange<Int>])] = [
            ("ts{1,3-5}", [1...1, 3...5]), ("js {2} title=\"a{9}.js\"", [2...2]), ("jsx { 1, 4-6 }", [1...1, 4...6]),
            ("python hl_lines=\"2 3-4\"", [2...2, 3...4]), ("py linenums=\"5\" hl_lines='1'", [1...1]),
            ("go {hl_lines=[2,\"4-5\"],linenos=true}", [2...2, 4...5]),
            ("go {linenos=true, hl_lines=\"1 3\"}", [1...1, 3...3]),
            ("go {hl_lines=7}", [7...7]), ("{2}", [2...2]),
            // Not lines: other braces, backwards or zero ranges, words, an unclosed quote, a name ending in hl_lines.
            ("go {title=\"main.go\"}", []), ("js {5-2,0,x,3-}", []), ("py hl_lines=\"2", []),
            ("py my_hl_lines=\"2\"", []),
            ("js {99999999999999999999999}", []), ("python", []),
        ]
        for (info, lines) in cases {
            #expect(CodeBlockInfo(info).highlightedLines == lines, "\(info)")
        }
        #expect(CodeBlockInfo("ts{1,3-5}").highlights(line: 4) && !CodeBlockInfo("ts{1,3-5}").highlights(line: 2))
    }

    @Test("A line to highlight, with its line end, is in a span, highlighted code or plain; lines past the end are not")
    func highlightedLines() throws {
        #expect(
            try codeBlock("```python {2,9}\nx = 1\ny = \"<\"\nz\n```\n") == """
                x <span class="hl-op">=</span> <span class="hl-dv">1</span>
                <span class="hl-line">y <span class="hl-op">=</span> <span class="hl-st">&quot;&lt;&quot;</span>
                </span>z

                """)
        #expect(
            try codeBlock("``` {1,3}\na <b>\nc\n\n```\n")
                == "<span class=\"hl-line\">a &lt;b&gt;\n</span>c\n<span class=\"hl-line\">\n</span>")
        #expect(try codeBlock("```text hl_lines=\"1\"\n\n```\n") == "<span class=\"hl-line\">\n</span>")
        #expect(try codeBlock("```python {0}\nx\n```\n") == "x\n")
    }

    @Test("Usual abbreviations and any KSyntaxHighlighting language name, in any case, are highlighted")
    func otherNames() throws {
        let pairs = [
            ("py", "python"), ("sh", "bash"), ("yml", "yaml"), ("ts", "typescript"), ("rs", "rust"), ("kt", "kotlin"),
        ]
        for (short, long) in pairs {
            let sample = try #require(Self.samples.first { $0.language == long })
            let full = try codeBlock("```\(long)\n\(sample.code)\n```\n")
            #expect(try codeBlock("```\(short)\n\(sample.code)\n```\n") == full)
        }
        #expect(
            try codeBlock("```Haskell\nmain = putStrLn \"hi\" -- greet\n```\n").contains(
                "<span class=\"hl-cm\">-- greet</span>"))
        #expect(
            try codeBlock("```haskell\nmain = putStrLn \"hi\" -- greet\n```\n").contains(
                "<span class=\"hl-cm\">-- greet</span>"))
        #expect(try codeBlock("```python title=\"x.py\"\nx = 1\n```\n").contains("<span class=\"hl-dv\">1</span>"))
    }
}
