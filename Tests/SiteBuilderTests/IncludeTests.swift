import Foundation
import Testing

@testable import SiteBuilder

/// Files included into pages as mdBook (`{{#include}}`, `{{#rustdoc_include}}`) and MkDocs's snippets (`--8<--`)
/// write them: what is taken, where it goes, the errors, and rebuilds when only an included file changed.
@Suite("Included files")
struct IncludeTests {
    static let listing = """
        use std::io;

        // ANCHOR: main
        fn main() {
            println!("hello");
        }
        // ANCHOR_END: main
        """

    @Test("mdBook: a whole file, lines, an anchor and rustdoc's hidden lines, relative to the page; escaped stays")
    func mdBook() throws {
        let site = try TestSite(pages: [
            "ch01/intro.md": """
            ```rust
            {{#include ../../listings/main.rs}}
            ```

            ```rust
            {{#include ../../listings/main.rs:1}}
            {{ #include ../../listings/main.rs::1 }} and {{#include ../../listings/main.rs:5:5}}
            ```

            ```rust
            {{#include ../../listings/main.rs:main}}
            ```

            ```rust
            {{#rustdoc_include ../../listings/main.rs:main}}
            ```

            Written as it is: `\\{{#include main.rs}}`, and {{#chapter not a directive}}.
            """
        ])
        try site.write(["main.rs": Self.listing], under: "listings")
        try site.build()
        let html = try #require(site.output("ch01/intro/index.html"))
        let blocks = html.components(separatedBy: "<pre").dropFirst().map {
            $0.replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
                .replacingOccurrences(of: "&quot;", with: "\"")
        }
        #expect(blocks.count == 4, "\(html)")
        guard blocks.count == 4 else { return }
        #expect(blocks[0].contains("use std::io;\n\n// ANCHOR: main\nfn main()"), "\(blocks[0])")
        #expect(blocks[1].contains("use std::io;\nuse std::io; and     println!(\"hello\");\n"), "\(blocks[1])")
        #expect(blocks[2].contains("fn main() {\n    println!(\"hello\");\n}\n") && !blocks[2].contains("use std"))
        #expect(!blocks[2].contains("ANCHOR"))
        // rustdoc_include has every line, those outside the anchor hidden as rustdoc hides `# ` lines.
        #expect(blocks[3].contains("fn main()") && !blocks[3].contains("use std") && !blocks[3].contains("ANCHOR"))
        #expect(html.contains("<code>{{#include main.rs}}</code>, and {{#chapter not a directive}}."), "\(html)")
    }

    @Test("mdBook's playground: the whole file in a Rust code block, the words after the path in its info string")
    func playground() throws {
        let site = try TestSite(pages: [
            "ch01/run.md": """
            Run it:

            {{#playground ../../listings/main.rs editable}}

            {{#playpen ../../listings/main.rs}}
            Written as it is: `\\{{#playground main.rs}}`.
            """
        ])
        try site.write(["main.rs": Self.listing], under: "listings")
        let expansion = try #require(
            Includes.expand(
                "{{#playground ../listings/main.rs editable}}\n", folder: site.root + "/site",
                files: IncludedFiles(siteFolder: site.root + "/site", previous: nil), appendix: .none))
        #expect(expansion.text == "```rust,editable\n" + Self.listing + "\n```\n\n", "\(expansion.text)")
        // Every line of the block comes from the directive's line; the text's own line break ends it.
        #expect(expansion.sourceLines.dropLast().allSatisfy { $0 == 1 } && expansion.sourceLines.last == 2)
        #expect(expansion.errors.isEmpty)
        try site.build()
        let html = try #require(site.output("ch01/run/index.html"))
        let blocks = html.components(separatedBy: "<pre").dropFirst()
        #expect(blocks.count == 2, "\(html)")
        #expect(blocks.allSatisfy { $0.contains("language-rust") && $0.contains("ANCHOR") }, "\(html)")
        #expect(html.contains("<code>{{#playground main.rs}}</code>"), "\(html)")
    }

    @Test("mdBook's {{#title}} titles the page as front matter's title would, and writes nothing where it stands")
    func title() throws {
        var templates = TestSite.contentOnlyTemplates
        templates["page.mustache"] = "<title>{{page.title}}</title>{{{page.content_html}}}"
        let site = try TestSite(
            pages: [
                "ch01.md": "{{#title Installing, step by step }}\n# Installing\n\nText.\n",
                "ch02.md": "---\ntitle: From front matter\n---\n{{#title Not this}}\n# Second\n",
                "ch03.md": "# Third\n\nWritten as it is: `\\{{#title x}}`, and {{#title}}.\n",
            ], templates: templates)
        try site.build()
        #expect(
            site.output("ch01/index.html")
                == "<title>Installing, step by step</title><h1 id=\"installing\">Installing</h1>\n<p>Text.</p>\n")
        #expect(site.output("ch02/index.html")?.hasPrefix("<title>From front matter</title>") == true)
        #expect(
            site.output("ch03/index.html")?.contains("<code>{{#title x}}</code>, and {{#title}}.") == true,
            "\(site.output("ch03/index.html") ?? "")")
    }

    @Test("Includes nest, each path relative to the file that names it; links in included text are checked")
    func nested() throws {
        let site = try TestSite(pages: [
            "index.md": "Before.\n\n{{#include ../shared/outer.md}}\n\nAfter.\n",
            "guide.md": "# Guide\n",
        ])
        try site.write(
            [
                "outer.md": "Outer with [the guide](guide.md).\n\n{{#include parts/inner.md}}\n",
                "parts/inner.md": "Inner **text**.\n",
            ], under: "shared")
        try site.build()
        #expect(
            site.output("index.html")
                == "<p>Before.</p>\n<p>Outer with <a href=\"/guide/\">the guide</a>.</p>\n<p>Inner <strong>text</strong>.</p>\n<p>After.</p>\n"
        )
        try site.write(["outer.md": "A [broken link](gone.md).\n"], under: "shared")
        let errors = site.buildErrors()
        #expect(
            errors.count == 1 && errors[0].contains("site/index.md:3") && errors[0].contains("gone.md"), "\(errors)")
    }

    @Test("Snippets: a line, a block, a section and lines, with the directive's indentation; ;--8<-- is written")
    func snippets() throws {
        let site = try TestSite(pages: [
            "index.md": """
            - Item:

                --8<-- "snippets/note.md"

            --8<--
            snippets/note.md
            ; snippets/skipped.md
            site/local.md
            --8<--

            --8<-- "snippets/parts.md:second"

            --8<-- 'snippets/parts.md:1:1'

            ;--8<-- "snippets/note.md"
            """,
            "local.md": "Local.\n",
        ])
        try site.write(
            [
                "note.md": "A *note*.\n",
                "parts.md": """
                First.
                <!-- --8<-- [start:second] -->
                Second.
                <!-- --8<-- [end:second] -->
                """,
            ], under: "snippets")
        try site.build()
        let html = try #require(site.output("index.html"))
        #expect(html.contains("<li>\n<p>Item:</p>\n<p>A <em>note</em>.</p>\n</li>"), "\(html)")
        #expect(html.contains("<p>A <em>note</em>.\nLocal.</p>"), "\(html)")
        #expect(html.contains("<p>Second.</p>\n<p>First.</p>") && !html.contains("start:second"), "\(html)")
        #expect(html.contains("<p>--8&lt;-- &quot;snippets/note.md&quot;</p>"), "\(html)")
    }

    @Test("Errors name the page's line and the file: missing, outside the project, no anchor, past the end, a cycle")
    func errors() throws {
        let site = try TestSite(pages: [
            "index.md": """
            {{#include missing.rs}}

            {{#include ../../outside.txt}}

            {{#include ../listings/main.rs:nowhere}}

            {{#include ../listings/main.rs:40:}}

            --8<-- "loop.md"

            {{#include /etc/hostname}}

            {{#include ../listings/escape.txt}}

            --8<--
            missing-snippet.md
            --8<--
            """
        ])
        try site.write(["main.rs": Self.listing], under: "listings")
        try site.write(["loop.md": "--8<-- \"loop.md\"\n"], under: "")
        try FileManager.default.createSymbolicLink(
            atPath: site.root + "/listings/escape.txt", withDestinationPath: "/etc/hostname")
        let errors = site.buildErrors()
        let expected = [
            ("site/index.md:1", "there is no file"),
            ("site/index.md:3", "is outside"),
            ("site/index.md:5", "has no anchor 'nowhere'"),
            ("site/index.md:7", "line 40 is past the end"),
            ("site/index.md:9", "more than 10 files deep"),
            ("site/index.md:11", "not a path relative to the page"),
            ("site/index.md:13", "is outside"),
            ("site/index.md:16", "there is no file"),
        ]
        #expect(errors.count == expected.count, "\(errors)")
        for (place, message) in expected {
            #expect(errors.contains { $0.contains(place) && $0.contains(message) }, "\(place): \(errors)")
        }
        #expect(!errors.joined().contains("hello"))
    }

    @Test("What builds write, the output folder and the build cache, cannot be included: every page's text is there")
    func buildFoldersRefused() throws {
        let site = try TestSite(pages: [
            "index.md": "", "finance/index.md": "---\naccess: { roles: [finance] }\n---\nSECRET-FIGURES\n",
        ])
        try site.build()
        try site.write(
            ["index.md": "{{#include ../public/finance/index.html}}\n\n{{#include ../.sitegen-cache/public.txt}}\n"],
            under: "site")
        let errors = site.buildErrors()
        #expect(errors.count == 2, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("site/index.md:1: ") && $0.contains("is in the output folder") })
        #expect(errors.contains { $0.hasPrefix("site/index.md:3: ") && $0.contains("is in the build cache") })
        #expect(site.output("index.html")?.contains("SECRET") == false)
    }

    @Test("An error inside an included part names the included file's own line, however the part was chosen")
    func errorInsidePart() throws {
        let site = try TestSite(pages: [
            "index.md": "Text.\n\n--8<-- \"parts/guide.md:3\"\n\n{{#include ../parts/guide.md:tail}}\n"
        ])
        let guide = """
            # Guide

            Intro.
            <!-- ANCHOR: tail -->
            {{#include nowhere.md}}
            <!-- ANCHOR_END: tail -->
            """
        try site.write(["guide.md": guide], under: "parts")
        let errors = site.buildErrors()
        // The snippet takes lines 3 to the end, the anchor lines 5 to 5: both report line 5 of the file.
        #expect(errors.count == 2, "\(errors)")
        #expect(errors.contains { $0.contains("site/index.md:3") && $0.contains("parts/guide.md line 5") }, "\(errors)")
        #expect(errors.contains { $0.contains("site/index.md:5") && $0.contains("parts/guide.md line 5") }, "\(errors)")
    }

    @Test("A page is built again when only a file it includes changes, and a rebuild after is a no-op")
    func rebuilds() throws {
        let site = try TestSite(pages: ["index.md": "{{#include ../listings/note.md}}\n", "other.md": "Other.\n"])
        try site.write(["note.md": "First.\n"], under: "listings")
        try site.build()
        #expect(site.output("index.html") == "<p>First.</p>\n")
        // The same size, so only the stamp's time or the digest can tell.
        try site.write(["note.md": "Again.\n"], under: "listings")
        let report = try site.build()
        #expect(site.output("index.html") == "<p>Again.</p>\n")
        #expect(report.changedFiles == ["index.html"], "\(report.changedFiles)")
        #expect(try site.stagesRun().last == .checkCache)
        try site.remove("listings/note.md")
        let errors = site.buildErrors()
        #expect(errors.count == 1 && errors[0].contains("there is no file"), "\(errors)")
        try site.write(["index.md": "No include now.\n"], under: "site")
        try site.build()
        let record = try #require(BuildCache(outputFolder: site.root + "/public").loadRecord())
        #expect(record.included.isEmpty && !record.inputs.keys.contains { $0.hasSuffix("note.md") })
        #expect(try site.stagesRun().last == .checkCache)
    }

    @Test("A snippet found in the site folder gives way to a file of its name put in the project folder later")
    func shadowedSnippet() throws {
        let site = try TestSite(pages: ["index.md": "--8<-- \"note.md\"\n", "note.md": "From the site.\n"])
        try site.build()
        #expect(site.output("index.html") == "<p>From the site.</p>\n")
        // The project folder comes first, as MkDocs looks there first: a clean build would take this file.
        try site.write(["note.md": "From the project.\n"], under: "")
        #expect(try site.stagesRun().last != .checkCache)
        #expect(site.output("index.html") == "<p>From the project.</p>\n")
        try site.remove("note.md")
        try site.build()
        #expect(site.output("index.html") == "<p>From the site.</p>\n")
        #expect(try site.stagesRun().last == .checkCache)
    }

    @Test("mkdocs.yml's base_path for the snippets is where they are looked for; changing it builds the pages again")
    func snippetBasePath() throws {
        let site = try TestSite(pages: [:])
        func mkdocs(_ extensions: String) throws {
            try site.write(["mkdocs.yml": "site_name: Docs\nmarkdown_extensions:\n\(extensions)"], under: "")
        }
        try site.write(
            [
                "docs/index.md": "--8<-- \"note.md\"\n", "docs/other.md": "Other.\n",
                "snippets/note.md": "From the snippets.\n", "note.md": "From the project.\n",
            ], under: "")
        try mkdocs("  - admonition\n  - pymdownx.snippets:\n      base_path: [snippets, .]\n")
        let docs: (inout BuildOptions) -> Void = { $0.siteFolder = site.root + "/docs" }
        try site.build(docs)
        #expect(site.output("index.html") == "<p>From the snippets.</p>\n")
        #expect(try site.stagesRun(docs).last == .checkCache)
        // An absolute folder is taken as it is, not below the folder of mkdocs.yml.
        try mkdocs("  - pymdownx.snippets:\n      base_path: ['\(site.root)/snippets']\n")
        try site.build(docs)
        #expect(site.output("index.html") == "<p>From the snippets.</p>\n")
        // MkDocs's other way of listing the extensions, a mapping; only mkdocs.yml changed.
        try mkdocs("  pymdownx.snippets:\n    base_path: .\n")
        #expect(try site.build(docs).changedFiles == ["index.html"])
        #expect(site.output("index.html") == "<p>From the project.</p>\n")
        // A base path that is a file is the snippet its file name names, and no other.
        try site.write(["CHANGES.md": "From the changes.\n"], under: "history")
        try site.write(
            ["index.md": "--8<-- \"CHANGES.md\"\n", "other.md": "--8<-- \"history/CHANGES.md\"\n"], under: "docs")
        try mkdocs("  - pymdownx.snippets:\n      base_path: [history/CHANGES.md, .]\n")
        try site.build(docs)
        #expect(site.output("index.html") == "<p>From the changes.</p>\n")
        #expect(site.output("other/index.html")?.contains("<p>From the changes.</p>") == true)
        try site.write(["index.md": "--8<-- \"note.md\"\n", "other.md": "Other.\n"], under: "docs")
        // A base_path of the wrong kind is a warning naming its line; the default folders are looked in.
        try mkdocs("  - pymdownx.snippets:\n      base_path: {a: b}\n")
        try site.remove("note.md")
        try site.write(["note.md": "From the docs.\n"], under: "docs")
        let report = try site.build(docs)
        #expect(site.output("index.html") == "<p>From the docs.</p>\n")
        #expect(
            report.warnings.map(\.description).contains {
                $0.contains("mkdocs.yml:4") && $0.contains("'base_path' of pymdownx.snippets must be a folder")
            }, "\(report.warnings)")
    }

    @Test("mkdocs.yml's auto_append ends every page with its snippets; a change to them builds every page again")
    func autoAppend() throws {
        let site = try TestSite(pages: [:])
        func mkdocs(_ snippets: String) throws {
            let text =
                "site_name: Docs\nmarkdown_extensions:\n  - abbr\n  - pymdownx.snippets:\n      base_path: .\n\(snippets)"
            try site.write(["mkdocs.yml": text], under: "")
        }
        try site.write(
            [
                "docs/index.md": "Sign in with SSO.\n", "docs/guide.md": "# Guide\n\nSSO and MFA, then on.",
                "includes/abbreviations.md": "*[SSO]: Single sign-on\n",
            ], under: "")
        try mkdocs("      auto_append:\n        - includes/abbreviations.md\n")
        let docs: (inout BuildOptions) -> Void = { $0.siteFolder = site.root + "/docs" }
        try site.build(docs)
        let sso = "<abbr title=\"Single sign-on\">SSO</abbr>"
        #expect(site.output("index.html") == "<p>Sign in with \(sso).</p>\n")
        // The page's last line stays its own paragraph.
        #expect(site.output("guide/index.html")?.contains("<p>\(sso) and MFA, then on.</p>") == true)
        #expect(try site.stagesRun(docs).last == .checkCache)
        // Only the glossary changes: every page, and only the pages, are built again.
        try site.write(
            ["abbreviations.md": "*[SSO]: Single sign-on through Entra\n*[MFA]: Multi-factor authentication\n"],
            under: "includes")
        let changed = try site.build(docs).changedFiles.sorted()
        #expect(changed == ["guide/index.html", "index.html"], "\(changed)")
        let mfa = "<abbr title=\"Multi-factor authentication\">MFA</abbr>"
        #expect(site.output("guide/index.html")?.contains(mfa) == true)
        // Taken out of mkdocs.yml, it is no longer appended, though no page and no glossary changed.
        try mkdocs("")
        try site.build(docs)
        #expect(site.output("index.html") == "<p>Sign in with SSO.</p>\n")
        // A file auto_append names that is not there is one error, on its line in mkdocs.yml, not one a page.
        try mkdocs("      auto_append: [includes/glossary.md]\n")
        let errors = site.buildErrors(docs)
        #expect(errors.count == 1, "\(errors)")
        #expect(
            errors.first?.contains("mkdocs.yml:6") == true
                && errors.first?.contains("cannot include 'includes/glossary.md'") == true
                && errors.first?.contains("take it out of auto_append") == true, "\(errors)")
        // One of the wrong kind is a warning naming its line, and nothing is appended.
        try mkdocs("      auto_append: {a: b}\n")
        let report = try site.build(docs)
        #expect(site.output("index.html") == "<p>Sign in with SSO.</p>\n")
        #expect(
            report.warnings.map(\.description).contains {
                $0.contains("mkdocs.yml:6") && $0.contains("'auto_append' of pymdownx.snippets must be a file")
            }, "\(report.warnings)")
    }

    @Test("A page may include only what all its readers may read: a stricter page or file of the site is an error")
    func access() throws {
        let site = try TestSite(pages: [
            "finance/index.md": "---\naccess: { roles: [finance] }\n---\n# Finance\n",
            "finance/q3.md": "SECRET-FIGURES\n",
            "finance/figures.csv": "SECRET-CSV\n",
            "finance/summary.md": "{{#include q3.md}}\n\n{{#include ../notes.md}}\n",
            "notes.md": "Everyone's notes.\n",
            "index.md": "{{#include finance/q3.md}}\n\n{{#include finance/figures.csv}}\n\n{{#include notes.md}}\n",
        ])
        let errors = site.buildErrors()
        #expect(errors.count == 2, "\(errors)")
        #expect(errors.allSatisfy { $0.contains("site/index.md") && $0.contains("role") }, "\(errors)")
        #expect(errors.contains { $0.contains("includes site/finance/q3.md") }, "\(errors)")
        #expect(errors.contains { $0.contains("includes site/finance/figures.csv") }, "\(errors)")
        // A stricter page may include a file for more readers, and a page of the same rule one of its own.
        try site.write(["index.md": "{{#include notes.md}}\n"], under: "site")
        try site.build()
        #expect(site.output("finance/summary/index.html")?.contains("SECRET-FIGURES") == true)
        #expect(site.output("index.html") == "<p>Everyone's notes.</p>\n")
    }

    @Test("A stricter file reached another way, a stricter draft or a hidden file of a stricter folder is an error")
    func accessHoweverReached() throws {
        let site = try TestSite(pages: [
            "finance/index.md": "---\naccess: { roles: [finance] }\n---\n# Finance\n",
            "finance/q3.md": "SECRET-FIGURES\n",
            "finance/merger.md": "---\ndraft: true\n---\nSECRET-DRAFT\n",
            "finance/.board.md": "SECRET-HIDDEN\n",
            "pub/plan.md": "---\ndraft: true\naccess: { roles: [finance] }\n---\nSECRET-PLAN\n",
            "pub/memo.md": "---\ndraft: true\n---\nEveryone's memo.\n",
            ".snippets/note.md": "Everyone's note.\n",
            "pub/a.md": "{{#include ../../site/finance/q3.md}}\n",
            "pub/b.md": "{{#include ../finance/merger.md}}\n",
            "pub/c.md": "{{#include ../finance/.board.md}}\n",
            "pub/d.md": "{{#include ../../finance-link/q3.md}}\n",
            "pub/e.md": "{{#include ../.snippets/note.md}}\n",
            "pub/f.md": "{{#include plan.md}}\n\n{{#include memo.md}}\n",
            "index.md": "",
        ])
        try FileManager.default.createSymbolicLink(
            atPath: site.root + "/finance-link", withDestinationPath: site.root + "/site/finance")
        let errors = site.buildErrors()
        for (page, file) in [
            ("a", "site/finance/q3.md"), ("b", "site/finance/merger.md"),
            ("c", "site/finance/.board.md"), ("d", "finance-link/q3.md"),
        ] {
            #expect(
                errors.contains {
                    $0.hasPrefix(
                        "site/pub/\(page).md: access: includes \(file), whose rule (roles: finance, from "
                            + "site/finance/index.md)")
                }, "\(page): \(errors)")
        }
        // A draft has its own rule, as it would when published; one without `access:` has its folder's.
        #expect(
            errors.contains {
                $0.hasPrefix(
                    "site/pub/f.md: access: includes site/pub/plan.md, whose rule (roles: finance, from site/pub/plan.md)"
                )
            }, "\(errors)")
        #expect(
            errors.count == 5,
            "a hidden file or a draft of a folder every reader may read is allowed: \(errors)")
    }

    @Test("An SSI directive in an included file is refused as one in the page would be, on the directive's line")
    func serverSideInclude() throws {
        let site = try TestSite(pages: ["index.md": "Text.\n\n--8<-- \"parts/raw.html\"\n"])
        try site.write(["raw.html": "<div>\n<!--#include virtual=\"/finance/\" -->\n</div>\n"], under: "parts")
        let errors = site.buildErrors()
        #expect(
            errors.count == 1 && errors[0].contains("site/index.md:3") && errors[0].contains("Server Side Include"),
            "\(errors)")
    }

    @Test("Text with no include is left alone; a directive without a path stays as written")
    func leftAlone() throws {
        let files = IncludedFiles(siteFolder: "/nonexistent/site", previous: nil)
        for text in [
            "No includes here.\n", "{{#include}}\n", "{{#includes a.md}}\n", "--8<--\n", "text --8<-- \"a.md\"\n",
            "--8<--\"a.md\"\n", "{{#include a.md\n",
        ] {
            #expect(
                Includes.expand(text, folder: "/nonexistent/site", files: files, appendix: .none) == nil,
                "\(text.debugDescription)")
        }
    }

    @Test("Line ranges read as mdBook and the snippets read them")
    func ranges() {
        let lines: [Substring] = ["1", "2", "3", "4"]
        func taken(_ directive: IncludeDirective?) -> [IncludeDirective.TakenLine]? {
            try? directive?.take(from: lines).get()
        }
        func take(_ directive: IncludeDirective?) -> [Substring]? { taken(directive)?.map(\.text) }
        #expect(taken(IncludeDirective(snippet: "a.md:3"))?.map(\.number) == [3, 4])
        #expect(taken(IncludeDirective(mdBook: "a.rs:2:3", kind: .rustdoc))?.map(\.number) == [1, 2, 3, 4])
        #expect(take(IncludeDirective(mdBook: "a.rs:2", kind: .mdBook)) == ["2"])
        #expect(take(IncludeDirective(mdBook: "a.rs::2", kind: .mdBook)) == ["1", "2"])
        #expect(take(IncludeDirective(mdBook: "a.rs:3:", kind: .mdBook)) == ["3", "4"])
        #expect(take(IncludeDirective(mdBook: "a.rs:2:3 editable", kind: .mdBook)) == ["2", "3"])
        #expect(take(IncludeDirective(mdBook: "a.rs:2:9", kind: .mdBook)) == ["2", "3", "4"])
        #expect(take(IncludeDirective(mdBook: "a.rs:2:3", kind: .rustdoc)) == ["# 1", "2", "3", "# 4"])
        #expect(take(IncludeDirective(snippet: "a.md:2")) == ["2", "3", "4"])
        #expect(take(IncludeDirective(snippet: "a.md:2:2")) == ["2"])
        #expect(take(IncludeDirective(mdBook: "a.rs:3:2", kind: .mdBook)) == nil)
        #expect(take(IncludeDirective(mdBook: "a.rs:0", kind: .mdBook)) == nil)
        #expect(take(IncludeDirective(mdBook: "a.rs:-2:2", kind: .mdBook)) == ["1", "2"])
        #expect(take(IncludeDirective(snippet: "a.md:0")) == ["1", "2", "3", "4"])
        #expect(IncludeDirective(mdBook: ":2", kind: .mdBook) == nil)
        #expect(IncludeDirective(snippet: "a.md:x:2") == nil)
    }
}
