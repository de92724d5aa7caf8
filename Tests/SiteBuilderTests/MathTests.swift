import Foundation
import Testing

@testable import SiteBuilder

@Suite("Math: KaTeX at build time")
struct MathTests {
    @Test("Inline, display and ```math blocks reach KaTeX untouched by Markdown and become MathML")
    func rendersMathML() throws {
        let site = try TestSite(pages: [
            "index.md": """
            Euler: $e^{i\\pi}+1=0$, spaced $a\\,b$, $`x_1 * y_2`$ and $x_1 * y_2$.

            $$
            \\sum_{k=1}^n k
            $$

            ```math
            a_b^*
            ```

            Prices $5 and $6 stay text, `$x$` stays code, and \\$y\\$ stays dollars.

                $not math$
            """
        ])
        try site.build()
        let html = try #require(site.output("index.html"))
        #expect(html.contains("<annotation encoding=\"application/x-tex\">e^{i\\pi}+1=0</annotation>"))
        #expect(html.contains("<annotation encoding=\"application/x-tex\">a\\,b</annotation>"))
        #expect(
            html.components(separatedBy: "<annotation encoding=\"application/x-tex\">x_1 * y_2</annotation>").count == 3
        )
        #expect(html.contains("<math xmlns=\"http://www.w3.org/1998/Math/MathML\" display=\"block\">"))
        #expect(html.contains("\\sum_{k=1}^n k</annotation>"))
        #expect(html.contains("<p class=\"math-block\"><span class=\"katex\"><math"))
        #expect(html.contains("a_b^*</annotation>"))
        #expect(html.contains("<p>Prices $5 and $6 stay text, <code>$x$</code> stays code, and $y$ stays dollars.</p>"))
        #expect(html.contains("<pre><code>$not math$\n</code></pre>"))
        #expect(!html.contains("\u{E000}"))
    }

    @Test("A TeX error shows the source and the error on the page and warns with file and line")
    func texError() throws {
        let site = try TestSite(pages: ["index.md": "---\ntitle: T\n---\nFine.\n\nBroken $\\frac{1}{$ here.\n"])
        let report = try site.build()
        #expect(
            site.output("index.html")?.contains(
                "<span class=\"math-error\"><code>\\frac{1}{</code> <span class=\"math-error-message\">KaTeX parse error:"
            )
                == true)
        let warnings = report.warnings.map(\.description)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("site/index.md:6: ") == true)
        #expect(warnings.first?.contains("math: KaTeX parse error") == true)

        // A rebuild that takes the page from the cache warns again, until the formula is fixed.
        try site.write(["other.md": "Another page.\n"], under: "site")
        #expect(try site.build().warnings.map(\.description) == warnings)
        try site.write(["index.md": "---\ntitle: T\n---\nFine.\n\nFixed $\\frac{1}{2}$ here.\n"], under: "site")
        #expect(try site.build().warnings.isEmpty)
    }

    @Test("Math in a heading, a quote and a list; its TeX is the heading's text")
    func mathInContainers() throws {
        let site = try TestSite(pages: [
            "index.md": "## Area $\\pi r^2$\n\n> $$\n> x_1\n> $$\n\n- item $y_2$\n"
        ])
        try site.build()
        let html = try #require(site.output("index.html"))
        #expect(html.hasPrefix("<h2 id=\"area-pi-r2\">Area <span class=\"katex\">"))
        #expect(html.contains("x_1</annotation>"))
        #expect(html.contains("<li>item <span class=\"katex\">"))
    }

    @Test("Math in a table cell, also in an admonition, is rendered in the cell, not dropped")
    func mathInTableCells() throws {
        let site = try TestSite(pages: [
            "index.md": """
            | Formula | Meaning |
            |---|---|
            | $a \\cdot b$ | product |
            | x $a$ y $b$ z | two |

            !!! note

                | In | a note |
                |---|---|
                | $c_1$ | kept |
            """
        ])
        try site.build()
        let html = try #require(site.output("index.html"))
        #expect(html.contains("<td><span class=\"katex\">"))
        #expect(html.contains("a \\cdot b</annotation>"))
        #expect(html.contains("<td>x <span class=\"katex\">"))
        #expect(html.contains("</span> y <span class=\"katex\">"))
        #expect(html.contains("</span> z</td>"))
        #expect(html.contains("c_1</annotation>"))
        #expect(html.components(separatedBy: "class=\"katex\"").count == 5)
    }

    @Test("Markers: dollars in code, prices and escapes are not math")
    func extraction() throws {
        #expect(MathSpans.extract("no dollars") == nil)
        #expect(MathSpans.extract("costs $5 or $6") == nil)
        #expect(MathSpans.extract("```\n$x$\n```") == nil)
        let found = try #require(MathSpans.extract("a $x$ b\n\n$$\ny\n$$"))
        #expect(found.text == "a \u{E000}0\u{E001} b\n\n\u{E000}1\u{E001}\n\n")
        #expect(
            found.spans == [
                .init(tex: "x", display: false, line: 1, source: "$x$"),
                .init(tex: "y", display: true, line: 3, source: "$$\ny\n$$"),
            ])
    }

    @Test("With pymdownx's arithmatex in mkdocs.yml, \\(…\\) and \\[…\\] are math; elsewhere escaped brackets")
    func latexDelimiters() throws {
        let page = """
            Inline \\(x^2\\) form, and `\\(code\\)`.

            \\[
            \\int_0^1 x\\,dx
            \\]

            One line: \\[a_b\\] and a flag: command \\[--flag\\].
            """
        let found = try #require(MathSpans.extract(page, latex: true))
        #expect(found.spans.map(\.tex) == ["x^2", "\\int_0^1 x\\,dx", "a_b", "--flag"])
        #expect(found.spans.map(\.display) == [false, true, true, true])
        #expect(MathSpans.extract(page) == nil, "GitHub reads them as escaped brackets")

        let site = try TestSite(pages: [:])
        let config = "site_name: Docs\nmarkdown_extensions:\n  - pymdownx.arithmatex:\n      generic: true\n"
        try site.write(["mkdocs.yml": config, "docs/index.md": page], under: "")
        try site.build { $0.siteFolder = site.root + "/docs" }
        let html = try #require(site.output("index.html"))
        #expect(html.contains("x^2</annotation>") && html.contains("\\int_0^1 x\\,dx</annotation>"))
        #expect(html.contains("<code>\\(code\\)</code>"), "code stays code")

        try site.write(["mkdocs.yml": "site_name: Docs\n"], under: "")
        try site.build { $0.siteFolder = site.root + "/docs" }
        let plain = try #require(site.output("index.html"))
        #expect(!plain.contains("katex") && plain.contains("command [--flag]."))
    }

    @Test("Where cmark keeps text as written (raw HTML, links, code, image descriptions), the math stays as written")
    func markersNeverReachTheOutput() throws {
        let site = try TestSite(pages: [
            "pic.png": "png",
            "index.md": """
            <table><tr><td>$x_1$</td><td>$\\frac{$</td></tr></table>

            <div>
            $$
            a
            $$
            </div>

            Inline <span title="$y$">$z$</span>, [link](https://example.com/$a$b "title $t$"), ![alt $w$](pic.png),
            `a
            $c$` code.

            - item

                  $indented$
            """,
        ])
        let report = try site.build()
        #expect(report.warnings.isEmpty, "math in raw HTML is not rendered, so its errors are not reported")
        let html = try #require(site.output("index.html"))
        #expect(html.hasPrefix("<table><tr><td>$x_1$</td><td>$\\frac{$</td></tr></table>\n<div>\n$$\na\n$$\n</div>\n"))
        #expect(html.contains("<p>Inline <span title=\"$y$\"><span class=\"katex\">"))
        #expect(html.contains("<a href=\"https://example.com/$a$b\" title=\"title $t$\">link</a>"))
        #expect(html.contains("<img src=\"/pic.png\" alt=\"alt $w$\" />"))
        #expect(html.contains("<code>a $c$</code> code."))
        #expect(html.contains("<pre><code>$indented$\n</code></pre>"))
        #expect(html.components(separatedBy: "class=\"katex\"").count == 2, "only $z$ is math")
        #expect(!html.contains("\u{E000}") && !html.contains("\u{E001}"))
    }

    @Test("Boxes, strikes, colour boxes and bold become what Chromium draws and the style policy lets through")
    func boxesWithoutMenclose() throws {
        let html = try Self.page(
            """
            $\\boxed{z}$ $\\cancel{x}$ $\\xcancel{x}$ $\\colorbox{yellow}{c}$ $\\fcolorbox{red}{#ff0}{f}$ $\\pmb{b}$

            $$
            \\begin{array}{|c|}\\hline \\colorbox{yellow}{\\raisebox{1pt}{r}} \\\\ \\hline\\end{array}
            $$
            """)
        Self.expect(
            html,
            shows: [
                "<mrow class=\"math-enclose-box\">", "<mrow class=\"math-enclose-updiagonalstrike\"><mi>x</mi></mrow>",
                "<mrow class=\"math-enclose-updiagonalstrike math-enclose-downdiagonalstrike\">",
                "<mrow class=\"math-colorbox\" mathbackground=\"yellow\"><mtext>c</mtext></mrow>",
                "<mrow class=\"math-fcolorbox\" mathbackground=\"red\"><mrow class=\"math-colorbox\" mathbackground=\"#ff0\">"
                    + "<mtext>f</mtext></mrow></mrow>",
                "<mstyle class=\"math-pmb\"><mi>b</mi></mstyle>",
                "<mrow class=\"math-enclose-top math-enclose-bottom math-enclose-left math-enclose-right\">",
            ])
        // The raised box inside the colour box keeps its own closing tag; the colour box closes as an mrow.
        #expect(html.contains("<mpadded voffset=\"1pt\">"))
        #expect(html.contains("</mstyle></mpadded></mrow></mstyle></mtd>"))
        for gone in ["<menclose", "</menclose>", " style=\""] {
            #expect(!html.contains(gone), "\(gone)")
        }
    }

    @Test("A table's column alignment and lines become classes on its cells; nested tables keep their own")
    func tablesWithoutMathML3() throws {
        let html = try Self.page(
            """
            $$
            \\begin{aligned} a + b &= c \\\\ x &= \\begin{array}{c|c:c} 1 & 2 & 3 \\\\ \\hline 4 & 5 & 6 \\end{array} \\end{aligned}
            $$
            """)
        let cells = html.components(separatedBy: "<mtd").dropFirst().map { String($0.prefix { $0 != ">" }) }
        #expect(
            cells == [
                " class=\"math-align-right math-spacing-0\"", " class=\"math-align-left math-spacing-0\"",
                " class=\"math-align-right math-spacing-0\"", " class=\"math-align-left math-spacing-0\"",
                "", " class=\"math-line-left-solid\"", " class=\"math-line-left-dashed\"",
                " class=\"math-line-top-solid\"", " class=\"math-line-left-solid math-line-top-solid\"",
                " class=\"math-line-left-dashed math-line-top-solid\"",
            ], "\(cells)")
        for gone in ["columnalign=", "columnlines=", "rowlines="] {
            #expect(!html.contains(gone), "\(gone)")
        }
    }

    @Test("Letters of another alphabet are written in Unicode's mathematical letters, words in a class")
    func alphabets() throws {
        let html = try Self.page(
            """
            $\\mathbb{R}^n$ $\\mathbb{1}$ $\\mathcal{L}$ $\\mathfrak{H}$ $\\mathbf{a\\&\\Gamma}$ $\\boldsymbol{\\alpha}$
            $\\mathtt{x}$ $\\mathrm{d}x$ $\\text{a \\textbf{b}}$
            """)
        Self.expect(
            html,
            shows: [
                "<msup><mi>ℝ</mi><mi>n</mi></msup>", "<mn>𝟙</mn>", "<mi>ℒ</mi>", "<mi>ℌ</mi>",
                "<mi>𝐚</mi><mi>&amp;</mi><mi>𝚪</mi>", "<mi>𝜶</mi>", "<mi>𝚡</mi>", "<mi mathvariant=\"normal\">d</mi>",
                "<mtext class=\"math-text-bold\">b</mtext>",
            ])
        #expect(!html.contains("mathvariant=\"double-struck\"") && !html.contains("mathvariant=\"bold\""))
    }

    @Test(
        "Tokens holding elements become mrows; fences stretch; stretchy accents and arrow labels as Core stretches them"
    )
    func operatorsAsCoreStretchesThem() throws {
        let html = try Self.page(
            """
            $\\overset{!}{=}$ $\\underset{x}{\\arg\\min}$ $\\overline{AB}$ $\\widehat{xyz}$ $\\xrightarrow{f}$
            $\\begin{vmatrix} a \\end{vmatrix}$ $\\left( x \\right)$ $\\mathbf{v}$
            """)
        Self.expect(
            html,
            shows: [
                "<mrow><mover><mrow><mo>=</mo></mrow><mo stretchy=\"false\" lspace=\"0em\" rspace=\"0em\">!</mo></mover></mrow>",
                "<mrow><munder><mrow><mi>arg</mi>", "<mo stretchy=\"true\">\u{332}</mo>",
                "<mo stretchy=\"true\">\u{302}</mo>",
                "<mo stretchy=\"true\" minsize=\"3.0em\">→</mo><mrow class=\"math-arrow-label\"><mi>f</mi></mrow>",
                "<mo fence=\"true\" stretchy=\"true\" symmetric=\"true\">∣</mo>",
                "<mo fence=\"true\" stretchy=\"true\" symmetric=\"true\">(</mo>", "<mi>𝐯</mi>",
            ])
        #expect(!html.contains("<mo><m") && !html.contains("<mi><m"), "no token holds an element")
    }

    /// The home page built from `markdown`, with math rendered.
    private static func page(_ markdown: String) throws -> String {
        let site = try TestSite(pages: ["index.md": markdown])
        try site.build()
        return try #require(site.output("index.html"))
    }

    /// Expects `html` to hold each of `shown`.
    private static func expect(
        _ html: String, shows shown: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for text in shown {
            #expect(html.contains(text), "\(text)", sourceLocation: sourceLocation)
        }
    }
}
