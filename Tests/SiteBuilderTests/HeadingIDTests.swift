import Foundation
import Testing

@testable import SiteBuilder

/// Headings as MkDocs, Hugo, kramdown and Pandoc sites write them: ids written with `{#id}`, and links that
/// name headings by the ids MkDocs gives them.
@Suite("Heading ids written with the heading")
struct HeadingIDTests {
    /// Prints the title, the table of contents and the Markdown's HTML.
    private static let templates = TestSite.contentOnlyTemplates.merging([
        "page.mustache": "{{page.title}}|{{#page.toc}}[{{id}}:{{title}}]{{/page.toc}}|{{{page.content_html}}}"
    ]) { $1 }

    @Test("`{#id}` and `{: #id .class key=value }` give a heading its id and leave its text, TOC, title and search")
    func writtenIDs() throws {
        let site = try TestSite(
            pages: [
                "index.md": "",
                "guide/setup.md": """
                # Set up the server {#top}

                ## Install the server {#install}

                ## Configure *it* {: #config .note lang=en data-x="a b" } ##

                Setext heading {#setext}
                ------------------------
                """,
                "guide/links.md": "[a](setup.md#install) [b](setup.md#config) [c](setup.md#top) [d](#here)\n\n"
                    + "## Here {#here}\n",
            ], templates: Self.templates)
        let report = try site.build { $0.buildsSearchIndex = true }
        #expect(report.warnings.isEmpty)
        #expect(
            site.output("guide/setup/index.html") == """
                Set up the server|[install:Install the server][config:Configure it][setext:Setext heading]|\
                <h2 id="install">Install the server</h2>
                <h2 id="config">Configure <em>it</em></h2>
                <h2 id="setext">Setext heading</h2>

                """)
        #expect(
            site.output("guide/links/index.html") == """
                Links|[here:Here]|<p><a href="/guide/setup/#install">a</a> <a href="/guide/setup/#config">b</a> \
                <a href="/guide/setup/#top">c</a> <a href="#here">d</a></p>
                <h2 id="here">Here</h2>

                """)
        let search = site.outputFiles().filter { $0.key.hasPrefix("_search/") }.values
            .map { String(decoding: $0, as: UTF8.self) }.joined()
        #expect(search.contains("Install the server") && search.contains("\"setext\""))
        #expect(!search.contains("{#") && !search.contains("{:"))
    }

    @Test("Braces that are no attribute block stay the heading's text, and its id is the slug of all of it")
    func bracesThatStayText() throws {
        let site = try TestSite(pages: [
            "index.md": #"""
            ## Code `{#x}`
            ## Escaped \{#y}
            ## Entity &#123;#e}
            ## Placeholder {name}
            ## No space{#z}
            ## Classes only {.note}
            ## Two ids {#a #b}
            ## Empty {#}
            ## Inside {#w} the line
            """#
        ])
        try site.build()
        #expect(
            site.output("index.html") == """
                <h2 id="code-x">Code <code>{#x}</code></h2>
                <h2 id="escaped-y">Escaped {#y}</h2>
                <h2 id="entity-e">Entity {#e}</h2>
                <h2 id="placeholder-name">Placeholder {name}</h2>
                <h2 id="no-spacez">No space{#z}</h2>
                <h2 id="classes-only-note">Classes only {.note}</h2>
                <h2 id="two-ids-a-b">Two ids {#a #b}</h2>
                <h2 id="empty-">Empty {#}</h2>
                <h2 id="inside-w-the-line">Inside {#w} the line</h2>

                """)
    }

    @Test("A written id is taken first, so a slug meeting it gets -1; an id written twice gets -1 the second time")
    func writtenIDsAreUnique() throws {
        let site = try TestSite(pages: [
            "index.md": "[x](#setup)\n\n## Setup\n\n## Later {#setup}\n\n## One {#twice}\n\n## Two {#twice}\n"
        ])
        try site.build()
        #expect(
            site.output("index.html") == """
                <p><a href="#setup">x</a></p>
                <h2 id="setup-1">Setup</h2>
                <h2 id="setup">Later</h2>
                <h2 id="twice">One</h2>
                <h2 id="twice-1">Two</h2>

                """)
    }

    @Test("Attribute blocks: an optional ':', one '#id', '.class' and 'key=value' parts, after a space")
    func attributeBlocks() {
        func id(_ text: String) -> String? { HeadingAttributes(endOf: Array(text.utf8))?.id }
        #expect(id("Install {#install}") == "install")
        #expect(id("Install {: #install }") == "install")
        #expect(id("Install\t{:#v1.2 .note .wide key=value title=\"a b\" other='c'}") == "v1.2")
        #expect(id("Größe {#größe}") == "größe")
        #expect(HeadingAttributes(endOf: Array("A {#a}".utf8))?.length == 4)
        for text in [
            "{#a}", "A{#a}", "A {#a #b}", "A {.a}", "A {#a word}", "A {#a key=}", "A {#a k=\"open}", "A {#a&b}",
        ] {
            #expect(id(text) == nil, "\(text)")
        }
    }

    @Test("A heading's line is found by number, forwards, backwards and past the end")
    func sourceLines() {
        var lines = SourceLines("# One {#one}\r\n\nThree\n===\n")
        func text(_ number: Int) -> String? { lines.line(number).map { String(decoding: $0, as: UTF8.self) } }
        #expect(text(3) == "Three")
        #expect(text(1) == "# One {#one}\r")
        #expect(text(2) == "")
        #expect(text(4) == "===")
        #expect(text(5) == "")
        #expect(text(6) == nil)
        #expect(text(0) == nil)
    }
}
