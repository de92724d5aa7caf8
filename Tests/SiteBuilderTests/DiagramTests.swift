import Foundation
import Testing

@testable import SiteBuilder

@Suite("Diagrams: Graphviz at build time")
struct DiagramTests {
    @Test("A dot block becomes inline SVG with theme colours, a label, and no ids")
    func dotToSVG() throws {
        let site = try TestSite(pages: ["index.md": "```dot\ndigraph Flow {\n  a -> b\n}\n```\n"])
        try site.build()
        let html = try #require(site.output("index.html"))
        #expect(html.hasPrefix("<figure class=\"diagram\"><svg width=\""))
        #expect(html.contains(" role=\"img\" aria-label=\"Diagram: Flow\">"))
        #expect(html.contains("<ellipse fill=\"none\" stroke=\"currentColor\""))
        #expect(html.contains("<title>a&#45;&gt;b</title>"))
        #expect(html.hasSuffix("</svg></figure>\n"))
        for absent in ["<?xml", "<!DOCTYPE", "<!--", " id=", "xlink", "white", "black"] {
            #expect(!html.contains(absent), "\(absent)")
        }
    }

    @Test("A diagram with filled nodes keeps Graphviz's colours and black text, on white in dark mode too")
    func filledNodes() throws {
        let site = try TestSite(pages: [
            "index.md": "```dot\ndigraph {\n  a [style=filled];\n  b [style=filled, fillcolor=navy, fontcolor=white];\n"
                + "  a -> b\n}\n```\n"
        ])
        try site.build()
        let html = try #require(site.output("index.html"))
        #expect(html.contains(" class=\"diagram-colours\" role=\"img\""))
        #expect(html.contains("<ellipse fill=\"lightgrey\" stroke=\"black\""))
        #expect(html.contains(" fill=\"black\">a</text>"), "text on a light grey node stays dark in dark mode")
        #expect(html.contains(" fill=\"white\">b</text>"), "white text on a navy node stays white")
        #expect(!html.contains("currentColor"))
        let css = try String(contentsOfFile: TestSite.defaultTheme + "/assets/theme.css", encoding: .utf8)
        #expect(css.contains(".prose .diagram .diagram-colours {\n  background: #ffffff;"))
    }

    @Test("A syntax error fails the build with the file line of the error")
    func syntaxError() throws {
        let site = try TestSite(pages: [
            "index.md": "---\ntitle: T\n---\nText.\n\n```graphviz\ndigraph {\n  a -> -> b\n}\n```\n"
        ])
        let errors = site.buildErrors()
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.hasPrefix("site/index.md:8: ") == true, "\(errors)")
        #expect(errors.first?.contains("diagram: syntax error in line 2") == true)
    }

    @Test("A block of two graphs is an error, and no graph of it reaches another block or page")
    func oneGraphPerBlock() throws {
        let site = try TestSite(pages: [
            "index.md": "",
            "fin/index.md": "---\naccess: { roles: [Finance.Read] }\n---\n```dot\ndigraph Q3 { revenue } "
                + "digraph Layoffs { \"CUT-40-JOBS\" }\n```\n",
            "pub.md": "```dot\ndigraph Public { hello -> world }\n```\n",
        ])
        let errors = site.buildErrors()
        #expect(errors.count == 1, "\(errors)")
        #expect(
            errors.first?.hasPrefix("site/fin/index.md:5: markdown: diagram: ") == true
                && errors.first?.contains("one graph") == true, "\(errors)")
        // Drawn on their own, after the two-graph block was read, each block draws its own graph.
        _ = Graphviz.draw("digraph Q3 { revenue } digraph Layoffs { \"CUT-40-JOBS\" }")
        guard case .svg(let svg) = Graphviz.draw("digraph Public { hello -> world }") else {
            Issue.record("the public graph is drawn")
            return
        }
        #expect(svg.contains(">hello<") && !svg.contains("CUT-40-JOBS"))
        _ = Graphviz.draw("digraph A { a } garbage {")
        guard case .svg(let next) = Graphviz.draw("digraph B { b }") else {
            Issue.record("a graph after a block with trailing garbage is drawn")
            return
        }
        #expect(next.contains(">b<"))
    }

    @Test("A syntax error's line is the error's, not a warning's before it")
    func errorLineAfterAWarning() throws {
        let site = try TestSite(pages: [
            "index.md": "---\ntitle: T\n---\nText.\n\n```dot\ndigraph {\n  a -> 1a\n  b -> c\n  d -> ;\n}\n```\n"
        ])
        let errors = site.buildErrors()
        #expect(errors.count == 1, "\(errors)")
        #expect(
            errors.first?.hasPrefix("site/index.md:10: markdown: diagram: syntax error in line 4") == true, "\(errors)")
        #expect(errors.first?.contains("Warning") == false, "\(errors)")
    }

    @Test("A value that would end its quotes cannot add a handler, however Graphviz wrote it")
    func quotesInValues() throws {
        #expect(
            SVGSanitizer.sanitize(
                "<svg><text font-family=\"A\" fill='\" onmouseover=\"alert(1)'>x</text></svg>", svgAttributes: "")
                == "<svg><text font-family=\"A\" fill=\"&quot; onmouseover=&quot;alert(1)\">x</text></svg>")
        let site = try TestSite(pages: [
            "index.md": "```dot\ndigraph G { a [fontname=\"A\\\" fill='\\\" onmouseover=\\\"alert(1)'\"] }\n```\n"
        ])
        try site.build()
        let page = try #require(site.output("index.html"))
        #expect(page.contains("<svg") && !page.contains("onmouseover=\""), "no attribute of its own: \(page)")
    }

    @Test("The sanitizer drops scripts, handlers, links, styles and outside references")
    func sanitizer() {
        let svg = """
            <?xml version="1.0"?><svg width="10pt" onload="alert(1)" xmlns:xlink="x"><script>alert(2)</script>\
            <a xlink:href="javascript:alert(3)"><g class="node" style="x" onclick="y"><text fill="black">Hi</text></g></a>\
            <foreignObject><div>no</div></foreignObject><image href="http://example.com/x.png"/>\
            <rect fill="url(http://example.com/#p)" x="1"/></svg>
            """
        #expect(
            SVGSanitizer.sanitize(svg, svgAttributes: " role=\"img\"")
                == "<svg width=\"10pt\" role=\"img\"><g class=\"node\"><text fill=\"currentColor\">Hi</text></g>"
                + "<rect x=\"1\"/></svg>")
    }
}

@Suite("Diagrams: mermaid in the browser")
struct MermaidTests {
    private static let templates = TestSite.contentOnlyTemplates.merging([
        "page.mustache": "{{<layout}}{{$content}}{{{page.content_html}}}{{/content}}{{/layout}}",
        "partials/head.mustache": try! String(
            contentsOfFile: TestSite.defaultTheme + "/partials/head.mustache", encoding: .utf8),
        "layout.mustache": "{{> head}}|{{$content}}{{/content}}",
    ]) { $1 }

    @Test("Without a mermaid script the block reads as code, and the build warns once naming the pages")
    func withoutScript() throws {
        let site = try TestSite(
            pages: [
                "index.md": "", "a.md": "```mermaid\ngraph TD; A-->B\n```\n",
                "b.md": "```mermaid\ngraph LR; C-->D\n```\n",
            ],
            templates: Self.templates)
        let report = try site.build()
        #expect(report.warnings.count == 1)
        let warning = try #require(report.warnings.first?.description)
        #expect(warning.contains("site/a.md, ") && warning.contains("site/b.md") && warning.contains("mermaid.min.js"))
        let page = try #require(site.output("a/index.html"))
        #expect(page.hasSuffix("|<pre class=\"mermaid\">graph TD; A--&gt;B\n</pre>\n"))
        #expect(!page.contains("<script src=\"/assets/mermaid.min.js\""))
    }

    @Test("With the site's script, only pages with a diagram load it; a path in site.toml is used")
    func withScript() throws {
        let site = try TestSite(
            pages: [
                "site.toml": "mermaid = \"js/mermaid.js\"\n", "js/mermaid.js": "// mermaid",
                "index.md": "", "a.md": "```mermaid\ngraph TD; A-->B\n```\n",
            ], templates: Self.templates)
        let report = try site.build()
        #expect(report.warnings.isEmpty)
        #expect(site.output("a/index.html")?.contains("<script src=\"/js/mermaid.js\" defer></script>") == true)
        #expect(site.output("index.html")?.contains("mermaid") == false)
    }

    @Test("Mermaid's script is public, so public pages draw too, unless [file_access] gives it a rule")
    func scriptIsPublic() throws {
        let site = try TestSite(
            pages: [
                "site.toml": "access = \"signed-in\"\n", "assets/mermaid.min.js": "// mermaid", "index.md": "",
                "pub.md": "---\naccess: public\n---\n```mermaid\ngraph TD; A-->B\n```\n",
            ], templates: Self.templates)
        func rule() throws -> String? {
            try SiteBuilder.accessListing(options: site.options).entries.first { $0.path == "/assets/mermaid.min.js" }
                .map { "\($0.rule)" }
        }
        #expect(try rule() == "public")
        try site.write(
            ["site.toml": "access = \"signed-in\"\n[file_access]\n\"assets/mermaid.min.js\" = \"signed-in\"\n"],
            under: "site")
        #expect(try rule() == "signed-in")
    }
}
