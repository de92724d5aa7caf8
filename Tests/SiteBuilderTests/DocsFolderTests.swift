import Foundation
import Testing

@testable import SiteBuilder

/// A `docs/` folder as a GitHub repository, mdBook or Jekyll holds it builds as GitHub shows it.
@Suite("Docs folders as they are")
struct DocsFolderTests {
    @Test("README.md is its folder's section page; links to it and to chapter.html resolve")
    func readmeAndBuiltNames() throws {
        let site = try TestSite(pages: [
            "README.md": "# Project\n\n[Guide](guide/README.md), [chapter](guide/chapter.html#part), "
                + "[old](guide/old.markdown), [index](guide/index.html)\n",
            "guide/README.md": "# Guide\n",
            "guide/chapter.md": "# Chapter\n\n## Part\n",
            "guide/old.markdown": "# Old\n",
        ])
        try site.build()
        #expect(
            site.output("index.html")
                == "<p><a href=\"/guide/\">Guide</a>, <a href=\"/guide/chapter/#part\">chapter</a>, "
                + "<a href=\"/guide/old/\">old</a>, <a href=\"/guide/\">index</a></p>\n")
        #expect(site.output("guide/index.html") == "")
        #expect(site.output("guide/README/index.html") == nil)
        #expect(site.output("guide/old/index.html") == "")
    }

    @Test(
        "README.md beside index.md is one error naming both, not also at links to either; a missing .html stays broken")
    func readmeBesideIndex() throws {
        let site = try TestSite(pages: [
            "index.md": "[a](guide/index.md) [b](guide/README.md)\n", "guide/index.md": "[home](../index.md)\n",
            "guide/README.md": "[same](index.md)\n",
        ])
        #expect(
            site.buildErrors() == [
                "site/guide/index.md: content: both site/guide/README.md and site/guide/index.md are the "
                    + "section page of 'guide'; keep one"
            ])
        let linking = try TestSite(pages: ["index.md": "[x](gone.html)\n"])
        let broken = try #require(linking.buildErrors().first)
        #expect(broken.hasPrefix("site/index.md:1: ") && broken.contains("'gone.html' matches no page"))
    }

    @Test("In a MkDocs project, a README beside index.md is left out with a warning, as MkDocs leaves it out")
    func mkdocsReadmeBesideIndex() throws {
        let site = try TestSite(pages: [:])
        try site.write(
            [
                "mkdocs.yml": "site_name: Docs\n", "docs/index.md": "Welcome\n", "docs/README.md": "For GitHub\n",
                "docs/guide/index.md": "Guide\n", "docs/guide/README.md": "Guide for GitHub\n",
            ], under: "")
        let report = try site.build { $0.siteFolder = site.root + "/docs" }
        #expect(
            report.warnings.map { $0.description.replacingOccurrences(of: site.root + "/", with: "") } == [
                "docs/README.md: content: left out: the index.md beside it is the page of '/', and MkDocs "
                    + "leaves a README beside an index.md out too; merge the two, or rename the README to publish "
                    + "it as a page of its own",
                "docs/guide/README.md: content: left out: the index.md beside it is the page of 'guide', "
                    + "and MkDocs leaves a README beside an index.md out too; merge the two, or rename the README to "
                    + "publish it as a page of its own",
            ])
        #expect(site.output("index.html") == "<p>Welcome</p>\n")
        #expect(site.output("guide/index.html") == "<p>Guide</p>\n")
        #expect(site.output("README/index.html") == nil && site.output("guide/README/index.html") == nil)
    }

    @Test("A README or an index in any case is its folder's section page; .MD and .Markdown files are pages")
    func nameVariants() throws {
        let site = try TestSite(pages: [
            "index.md": "[a](a/readme.md) [b](b/Readme.md) [c](c/README.MD) [u](Upper.MD) [m](Mixed.Markdown) "
                + "[i](i/Index.md)\n",
            "a/readme.md": "A\n", "b/Readme.md": "B\n", "c/README.MD": "C\n", "Upper.MD": "U\n",
            "Mixed.Markdown": "M\n", "i/Index.md": "---\naccess: { roles: [HR] }\n---\nI\n", "i/pay.csv": "csv",
        ])
        try site.build()
        #expect(
            site.output("index.html")
                == "<p><a href=\"/a/\">a</a> <a href=\"/b/\">b</a> <a href=\"/c/\">c</a> <a href=\"/Upper/\">u</a> "
                + "<a href=\"/Mixed/\">m</a> <a href=\"/i/\">i</a></p>\n")
        for (path, text) in [("a/", "A"), ("b/", "B"), ("c/", "C"), ("Upper/", "U"), ("Mixed/", "M"), ("i/", "I")] {
            #expect(site.output(path + "index.html") == "<p>\(text)</p>\n", "\(path)")
        }
        #expect(site.output("a/readme/index.html") == nil)
        let rules = try SiteBuilder.accessListing(options: site.options).entries.filter { $0.path.hasPrefix("/i/") }
        #expect(rules.map(\.rule) == ["roles: HR", "roles: HR"], "Index.md's rule holds for its folder's files")
        let both = try TestSite(pages: ["index.md": "", "guide/index.md": "", "guide/readme.md": ""])
        #expect(
            both.buildErrors() == [
                "site/guide/readme.md: content: both site/guide/index.md and site/guide/readme.md are the "
                    + "section page of 'guide'; keep one"
            ])
    }

    @Test("A page beside a folder of its name is the folder's section page; beside one with its own, an error")
    func pageBesideFolder() throws {
        let templates = TestSite.contentOnlyTemplates.merging([
            "section.mustache": "{{{page.content_html}}}{{#section_pages}}[{{title}}]{{/section_pages}}"
        ]) { $1 }
        let site = try TestSite(
            pages: [
                "index.md": "", "logo.png": "png", "guide/setup.md": "# Setup\n\n[Back](../guide.md)\n",
                "guide.md": "# Guide\n\n[Setup](guide/setup.md) ![logo](logo.png)\n",
            ], templates: templates)
        try site.build()
        #expect(
            site.output("guide/index.html")
                == "<p><a href=\"/guide/setup/\">Setup</a> <img src=\"/logo.png\" alt=\"logo\" /></p>\n[Setup]")
        #expect(site.output("guide/setup/index.html") == "<p><a href=\"/guide/\">Back</a></p>\n")

        let clash = try TestSite(pages: [
            "index.md": "[g](guide.md) [r](guide/README.md)\n", "guide.md": "", "guide/README.md": "", "guide/a.md": "",
        ])
        #expect(
            clash.buildErrors() == [
                "site/guide.md: content: site/guide.md and site/guide/README.md would both be the page of 'guide'; "
                    + "a page beside a folder of its name is the folder's page only when the folder has no index.md "
                    + "or README.md: merge guide.md into site/guide/README.md, or rename guide.md"
            ])
    }

    @Test("A page beside a folder that holds only files is its section page too: its rule holds for the files")
    func pageBesideFolderOfFiles() throws {
        let site = try TestSite(pages: [
            "index.md": "", "payroll.md": "---\naccess: { roles: [HR] }\n---\nThe sheets are here.\n",
            "payroll/bonus.xlsx": "xlsx", "payroll/2024/salaries.csv": "csv", "public.md": "", "public/logo.png": "png",
        ])
        let rules = Dictionary(
            try SiteBuilder.accessListing(options: site.options).entries.map { ($0.path, $0.rule) }
        ) { first, _ in first }
        #expect(rules["/payroll/"] == "roles: HR")
        #expect(rules["/payroll/bonus.xlsx"] == "roles: HR")
        #expect(rules["/payroll/2024/salaries.csv"] == "roles: HR")
        #expect(rules["/public/logo.png"] == "signed-in")
        try site.build()
        #expect(site.output("payroll/index.html")?.contains("The sheets are here.") == true)
    }

    @Test("Numbered names order pages and give titles without their number, with no front matter or site.toml")
    func numberedNames() throws {
        let templates = TestSite.contentOnlyTemplates.merging([
            "section.mustache": "{{#section_pages}}[{{title}}]{{/section_pages}}"
        ]) { $1 }
        let site = try TestSite(
            pages: [
                "README.md": "Welcome.\n",
                "10-deploy.md": "Text.\n",
                "2-set-up.md": "Text.\n",
                "1_intro.md": "Text.\n",
                "appendix.md": "Text.\n",
            ], templates: templates)
        try site.build()
        #expect(site.output("index.html") == "[Intro][Set up][Deploy][Appendix]")
    }

    @Test("A book's SUMMARY.md is read as a table of contents only when it is one")
    func bookSummaryReading() throws {
        let summary = try #require(
            BookSummary(
                text: """
                    # Summary\r
                    \r
                    [Introduction](README.md)\r
                    <!-- a comment -->
                    # User Guide
                    - [Install](guide/install.md#debian)
                        * [On <Debian>](<./guide/on debian.md>)
                    - [Later]()
                    - [Home page](https://example.com/)
                    - [Again](guide/install.md)
                    ---
                    [Contributors](misc/contributors%20list.md)
                    [Up and out](../outside.md)
                    """))
        #expect(
            summary.entries == [
                .init(path: "README.md", line: 3, title: "Introduction"),
                .init(path: "guide/install.md", line: 6, title: "Install"),
                .init(path: "guide/on debian.md", line: 7, title: "On"),
                .init(path: "misc/contributors list.md", line: 12, title: "Contributors"),
            ])
        // A link's text is read as Markdown, inside the link: `1.` opens no list, code and emphasis lose their marks.
        let marked = try #require(
            BookSummary(
                text: #"""
                    - [1. The `Cargo.toml` *format*](cargo.md)
                    - [ ](blank.md)
                    - [[x] \[y\]](x.md)
                    - [Form\#u{0C}feed](feed.md)
                    """#))
        #expect(marked.entries.map(\.title) == ["1. The Cargo.toml format", "", "[x] [y]", "Form feed"])
        #expect(BookSummary(text: "# Summary\n\nThe year in numbers: sales grew.\n\n- [Report](report.md)\n") == nil)
        #expect(BookSummary(text: "# Summary\n\n---\n") == nil)
    }

    @Test("A book's SUMMARY.md orders the pages it names, folders by their first chapter, and is no page itself")
    func bookSummaryOrder() throws {
        let templates = TestSite.contentOnlyTemplates.merging([
            "section.mustache": "{{#section_pages}}[{{title}}]{{/section_pages}}"
        ]) { $1 }
        let summary = """
            # Summary

            [Introduction](README.md)

            # User Guide
            - [Zebra](zebra.md)
            - [Reading](guide/reading.md)
                - [Installing](guide/installing.md)
            - [Apple](apple.md)
            - [Draft](draft.md)
            """
        let site = try TestSite(
            pages: [
                "SUMMARY.md": summary, "README.md": "# Introduction\n", "apple.md": "# Apple\n",
                "zebra.md": "# Zebra\n",
                "guide/reading.md": "# Reading\n", "guide/installing.md": "# Installing\n",
                "guide/appendix.md": "# Appendix\n", "weighted.md": "---\nweight: 2.5\n---\n# Weighted\n",
                "draft.md": "---\ndraft: true\n---\n# Draft\n",
            ], templates: templates)
        try site.build()
        // A weight of its own comes first, among the positions in the book: 1 for README.md, 2 for zebra.md, …
        #expect(site.output("index.html") == "[Zebra][Weighted][Guide][Apple]")
        #expect(site.output("guide/index.html") == "[Reading][Installing][Appendix]")
        #expect(site.output("SUMMARY/index.html") == nil && site.output("SUMMARY.md") == nil)

        try site.write(
            ["SUMMARY.md": summary.replacingOccurrences(of: "- [Zebra](zebra.md)\n", with: "")], under: "site")
        try site.build()
        #expect(site.output("index.html") == "[Guide][Weighted][Apple][Zebra]", "a new order is followed at once")

        try site.write(["SUMMARY.md": summary + "\n- [Gone](gone.md)\n"], under: "site")
        #expect(
            site.buildErrors() == [
                "site/SUMMARY.md:11: navigation: 'gone.md' is no page of the site, so the navigation's order passes it "
                    + "by; link to a page, or add the page"
            ])
    }

    @Test("A book's SUMMARY.md names its chapters in the nav and pager, a page's nav_title first; and titles a page")
    func bookSummaryNames() throws {
        let templates = TestSite.contentOnlyTemplates.merging([
            "page.mustache": "{{#nav}}({{title}}){{/nav}} {{page.title}} next={{#next}}{{title}}{{/next}}",
            "section.mustache": "{{#nav}}({{title}}){{/nav}} {{page.title}}",
        ]) { $1 }
        let summary = """
            # Summary

            [Introduction](README.md)
            - [Getting `sitegen`](install.md)
            - [Its *settings*](settings.md)
            - [Untitled chapter](untitled.md)
            """
        let site = try TestSite(
            pages: [
                "SUMMARY.md": summary, "README.md": "# The sitegen book\n", "install.md": "# Installing sitegen\n",
                "settings.md": "---\nnav_title: Settings\n---\n# Settings in depth\n", "untitled.md": "No heading.\n",
            ], templates: templates)
        try site.build()
        let nav = "(Getting sitegen)(Settings)(Untitled chapter)"
        #expect(site.output("index.html") == "\(nav) The sitegen book")
        #expect(
            site.output("install/index.html") == "\(nav) Installing sitegen next=Settings",
            "the page's own heading stays its title")
        #expect(site.output("untitled/index.html") == "\(nav) Untitled chapter next=")

        try site.write(
            ["SUMMARY.md": summary.replacingOccurrences(of: "Getting `sitegen`", with: "Install")], under: "site")
        try site.build()
        #expect(
            site.output("settings/index.html")
                == "(Install)(Settings)(Untitled chapter) Settings in depth next=Untitled chapter",
            "a new name is shown at once")
    }

    @Test(
        "MkDocs's nav orders and names pages, its sections name folders, site_name titles the site; a change rebuilds")
    func mkdocsNav() throws {
        let templates = TestSite.contentOnlyTemplates.merging([
            "page.mustache": "{{site.title}}: {{#nav}}({{title}}{{#is_expanded}}{{#children}}[{{title}}]{{/children}}"
                + "{{/is_expanded}}){{/nav}} {{page.title}}",
            "section.mustache": "{{site.title}}: {{page.title}}",
        ]) { $1 }
        let config = """
            site_name: Our docs
            theme:
              name: material
            markdown_extensions:
              - pymdownx.superfences:
                  custom_fences:
                    - name: mermaid
                      format: !!python/name:pymdownx.superfences.fence_code_format
            extra:
              analytics: !ENV [ANALYTICS_KEY, none]
            nav:
              - Home: index.md
              - 'User guide':
                  - 'Writing': 'user-guide/writing.md'
                  - user-guide/styling.md
                  - Deep:
                      - user-guide/deep/one.md
              - About:
                  - License: about/license.md
                  - Release notes: ./about/release-notes.md
              - Issues: https://github.com/example/docs/issues

            """
        let site = try TestSite(pages: [:], templates: templates)
        try site.write(
            [
                "mkdocs.yml": config, "docs/index.md": "# Welcome\n",
                "docs/user-guide/writing.md": "# Writing your docs in depth\n",
                "docs/user-guide/styling.md": "# Styling\n", "docs/user-guide/deep/one.md": "# One\n",
                "docs/about/license.md": "# License\n", "docs/about/release-notes.md": "# Release notes\n",
                "docs/about/aardvark.md": "# Aardvark\n",
            ], under: "")
        let docs = { (options: inout BuildOptions) in options.siteFolder = site.root + "/docs" }
        try site.build(docs)
        #expect(
            site.output("about/license/index.html")
                == "Our docs: (User guide)(About[License][Release notes][Aardvark]) License",
            "MkDocs's order, then the pages its nav leaves out; the page's heading stays its title")
        #expect(
            site.output("user-guide/writing/index.html")
                == "Our docs: (User guide[Writing][Styling][Deep])(About) Writing your docs in depth")
        #expect(site.output("user-guide/index.html") == "Our docs: User guide", "a section names its folder")
        #expect(site.output("user-guide/deep/index.html") == "Our docs: Deep")

        try site.write(["mkdocs.yml": config.replacingOccurrences(of: "'User guide'", with: "Guide")], under: "")
        try site.build(docs)
        #expect(site.output("user-guide/index.html") == "Our docs: Guide", "a new name is shown at once")

        try site.write(["mkdocs.yml": config + "  - Gone: gone.md\n"], under: "")
        #expect(
            site.buildErrors(docs) == [
                "mkdocs.yml:22: navigation: 'gone.md' is no page of the site, so the navigation's order "
                    + "passes it by; link to a page, or add the page"
            ])
        // site.toml's title comes first; a docs_dir that is not the site folder means the file is another site's.
        try site.write(["mkdocs.yml": config, "docs/site.toml": "title = \"Handbook\"\n"], under: "")
        try site.build(docs)
        #expect(site.output("user-guide/index.html") == "Handbook: User guide")
        try site.write(["mkdocs.yml": "docs_dir: elsewhere\n" + config], under: "")
        try site.build(docs)
        #expect(site.output("user-guide/index.html") == "Handbook: User guide")
    }

    @Test("An mkdocs.yml that cannot be read, or a nav item of the wrong kind, is a warning naming its line")
    func mkdocsWarnings() throws {
        func warnings(_ config: String) throws -> [String] {
            let site = try TestSite(pages: [:])
            try site.write(["mkdocs.yml": config, "docs/index.md": "# Home\n", "docs/a.md": "# A\n"], under: "")
            return try site.build { $0.siteFolder = site.root + "/docs" }.warnings.map {
                $0.description.replacingOccurrences(of: site.root + "/", with: "")
            }
        }
        #expect(
            try warnings("site_name: 'unclosed\nnav: [a.md]\n") == [
                "mkdocs.yml:1: config: invalid YAML: the quoted value that starts on line 1 is never closed; end "
                    + "it with the quote mark it starts with (inside single quotes, write a ' as ''); the site is built "
                    + "as if the file were not there"
            ])
        #expect(
            try warnings(
                "site_name: [x]\nnav:\n  - [a.md]\n  - Two: a.md\n    Keys: b.md\n  - Section: 3\n  - A: a.md\n")
                == [
                    "mkdocs.yml:1: config: 'site_name' must be a text, e.g. Our docs; the site's title is not "
                        + "taken from it",
                    "mkdocs.yml:3: config: a nav item must be a page (guide.md), a name and a page "
                        + "(Guide: guide.md) or a name and a list of items; the site is ordered as if this one were not "
                        + "there",
                    "mkdocs.yml:4: config: a nav item must be a page (guide.md), a name and a page "
                        + "(Guide: guide.md) or a name and a list of items; the site is ordered as if this one were not "
                        + "there",
                ])
        #expect(try warnings("nav: index.md\n").count == 1)
        #expect(try warnings("").isEmpty && warnings("site_name: x\n").isEmpty)
    }

    @Test("mdBook's book.toml titles the site when its src is the site folder; site.toml's title comes first")
    func mdbookTitle() throws {
        let templates = TestSite.contentOnlyTemplates.merging(["page.mustache": "{{site.title}}"]) { $1 }
        let site = try TestSite(pages: [:], templates: templates)
        try site.write(
            ["book.toml": "[book]\nauthors = [\"Ops\"]\ntitle = \"The ops handbook\"\n", "src/intro.md": "# Intro\n"],
            under: "")
        let source = { (options: inout BuildOptions) in options.siteFolder = site.root + "/src" }
        try site.build(source)
        #expect(site.output("intro/index.html") == "The ops handbook", "src is src unless it says otherwise")

        try site.write(["book.toml": "[book]\ntitle = \"Renamed\"\nsrc = \"./src/\"\n"], under: "")
        try site.build(source)
        #expect(site.output("intro/index.html") == "Renamed", "a change is seen at once")
        try site.write(["book.toml": "[book]\ntitle = \"Another book\"\nsrc = \"book\"\n"], under: "")
        try site.build(source)
        #expect(site.output("intro/index.html") == "Documentation", "the book of another folder")

        try site.write(["book.toml": "[book]\ntitle = [1]\n"], under: "")
        #expect(
            try site.build(source).warnings.map(\.description)
                == [
                    "book.toml:2: config: 'title' in [book] must be a text, e.g. title = \"Handbook\"; the site's title is not "
                        + "taken from it"
                ].map { site.root + "/" + $0 })
        try site.write(["book.toml": "[book\ntitle = \"x\"\n"], under: "")
        let broken = try site.build(source).warnings.map(\.description)
        #expect(broken.count == 1 && broken.first?.hasPrefix(site.root + "/book.toml:1: config: ") == true, "\(broken)")
        try site.write(
            ["book.toml": "[book]\ntitle = \"The ops handbook\"\n", "src/site.toml": "title = \"Ops\"\n"], under: "")
        try site.build(source)
        #expect(site.output("intro/index.html") == "Ops")
    }

    @Test("The folder holding a folder, as the user names it")
    func parentFolders() {
        let cases = [
            ("docs", ""), ("docs/", ""), ("site/docs", "site"), ("/srv/docs/", "/srv"), ("/docs", "/"), (".", ".."),
            ("", ".."), ("../docs", ".."), ("..", "../.."),
        ]
        for (folder, parent) in cases {
            #expect(DisplayPaths.parent(of: folder) == parent, "\(folder)")
        }
    }

    @Test("A link to the book's SUMMARY.md is broken, and says why, as soon as the file becomes the book's")
    func linkToBookSummary() throws {
        let site = try TestSite(pages: ["README.md": "# Book\n\nSee the [contents](SUMMARY.md).\n"])
        let warnings = { () throws in
            try site.build { $0.brokenLinksAreWarnings = true }.warnings.map(\.description)
        }
        let missing = try warnings()
        #expect(missing.count == 1 && missing.first?.contains("there is no SUMMARY.md in the site folder") == true)
        try site.write(["SUMMARY.md": "- [Book](README.md)\n"], under: "site")
        let contents = try warnings()
        #expect(
            contents.count == 1
                && contents.first?.hasSuffix(
                    "'SUMMARY.md' names the book's table of contents, which is no page: the navigation shows it; "
                        + "link to a page") == true
        )
        try site.write(["SUMMARY.md": "A page of its own, with [a link](README.md) in its text.\n"], under: "site")
        let none = try warnings()
        #expect(none.isEmpty, "\(none)")
    }

    @Test(
        "A folder's _category_.json (or .yml) titles, describes and orders it, and is not published; a change rebuilds")
    func docusaurusCategories() throws {
        let templates = TestSite.contentOnlyTemplates.merging([
            "section.mustache":
                "{{page.title}}:{{#section_pages}}[{{title}}{{#description}}: {{description}}{{/description}}]"
                + "{{/section_pages}}"
        ]) { $1 }
        let site = try TestSite(
            pages: [
                "index.md": "# Docs\n", "intro.md": "---\nsidebar_position: 1\n---\n# Intro\n",
                // JSON as Docusaurus writes it, indented with tabs, with keys sitegen passes by.
                "tutorial-basics/_category_.json":
                    "{\n\t\"label\": \"Tutorial - Basics\",\n\t\"position\": 2,\n"
                    + "\t\"link\": {\"type\": \"generated-index\", \"description\": \"5 minutes\"}\n}\n",
                "tutorial-basics/create-a-page.md": "# Create a page\n",
                "tutorial-extras/_category_.yml": "label: 'Tutorial: Extras'\nposition: 3\ncollapsed: false\n",
                "tutorial-extras/versions.md": "# Versions\n",
                // A section page's own title comes first; the position still orders the folder.
                "owned/_category_.json": #"{"label": "Not shown", "position": 1.5}"#, "owned/index.md": "# Owned\n",
                "appendix/notes.md": "# Notes\n",
            ], templates: templates)
        try site.build()
        #expect(
            site.output("index.html") == "Docs:[Intro][Owned][Tutorial - Basics: 5 minutes][Tutorial: Extras][Appendix]"
        )
        #expect(site.output("tutorial-basics/index.html") == "Tutorial - Basics:[Create a page]")
        #expect(site.output("owned/index.html") == "Owned:")
        #expect(site.output("tutorial-basics/_category_.json") == nil)
        #expect(site.output("tutorial-extras/_category_.yml") == nil)

        try site.write(["appendix/_category_.yaml": "label: Back matter\nposition: 0\n"], under: "site")
        try site.build()
        #expect(
            site.output("index.html")
                == "Docs:[Back matter][Intro][Owned][Tutorial - Basics: 5 minutes][Tutorial: Extras]",
            "a new _category_ file is followed at once")
        #expect(site.output("appendix/index.html") == "Back matter:[Notes]")
        try site.write(["appendix/_category_.yaml": "label: Back matter\nposition: 9\n"], under: "site")
        try site.build()
        #expect(
            site.output("index.html")
                == "Docs:[Intro][Owned][Tutorial - Basics: 5 minutes][Tutorial: Extras][Back matter]",
            "a changed one too")
        try FileManager.default.removeItem(atPath: site.root + "/site/appendix/_category_.yaml")
        try site.build()
        #expect(
            site.output("index.html") == "Docs:[Intro][Owned][Tutorial - Basics: 5 minutes][Tutorial: Extras][Appendix]"
        )
    }

    @Test("A _category_ file that cannot be read warns and is passed by; two in one folder are an error")
    func brokenCategories() throws {
        let site = try TestSite(pages: [
            "index.md": "", "a/page.md": "", "a/_category_.json": "{\n  \"label\": \"A\",\n  \"position\": 2\n",
            "b/page.md": "", "b/_category_.yml": "label: [x]\nposition: second\n",
            "c/page.md": "", "c/_category_.json": "[\"Guide\"]\n",
            "d/page.md": "", "d/_category_.yml": "label: D\nlink:\n  description: [x]\n",
        ])
        let warnings = try site.build().warnings.map {
            $0.description.replacingOccurrences(of: site.root + "/", with: "")
        }
        #expect(warnings.count == 5, "\(warnings)")
        #expect(
            warnings.contains(
                "site/d/_category_.yml:3: content: 'description' must be a text; the folder's page is described as if "
                    + "it had none"))
        #expect(
            warnings.contains {
                $0.hasPrefix("site/a/_category_.json:1: content: invalid JSON: did not find expected ',' or '}'")
                    && $0.hasSuffix("; the folder is titled and ordered as if the file were not there")
            }, "\(warnings)")
        #expect(
            warnings.contains(
                "site/b/_category_.yml:1: content: 'label' must be a text, e.g. \"Guide\"; the folder is titled as if "
                    + "it had none"))
        #expect(
            warnings.contains(
                "site/b/_category_.yml:2: content: 'position' must be a number, e.g. 2; the folder is ordered as if "
                    + "it had none"))
        #expect(
            warnings.contains(
                "site/c/_category_.json:1: content: it must be keys and values, e.g. "
                    + #"{ "label": "Guide", "position": 2 }; the folder is titled and ordered as if the file were "#
                    + "not there"))
        #expect(site.output("a/_category_.json") == nil)
        for empty in ["", "---", "---\n", "null\n", "{}"] {
            let (category, problems) = FolderCategory.read(empty, file: "a/_category_.json", shown: "a")
            #expect(category.label == nil && category.position == nil && problems.isEmpty, "\(empty.debugDescription)")
        }

        try site.write(["a/_category_.yml": "label: A\n"], under: "site")
        #expect(
            site.buildErrors() == [
                "site/a/_category_.yml: content: site/a/_category_.json and site/a/_category_.yml both describe the "
                    + "folder; keep one of them"
            ])
    }

    @Test("language: in front matter or a section page sets <html lang>, inherited below the section")
    func languages() throws {
        let templates = TestSite.contentOnlyTemplates.merging([
            "layout.mustache": try String(contentsOfFile: TestSite.defaultTheme + "/layout.mustache", encoding: .utf8)
        ]) { $1 }
        let site = try TestSite(
            pages: [
                "site.toml": "title = \"Docs\"\nlanguage = \"en\"\n",
                "index.md": "",
                "ja/index.md": "---\nlanguage: ja\n---\n",
                "ja/setup.md": "",
                "ja/fr.md": "---\nlanguage: fr\n---\n",
            ], templates: templates)
        try site.build()
        func lang(_ path: String) -> String? {
            site.output(path)?.split(separator: "\n").first { $0.hasPrefix("<html") }.map(String.init)
        }
        #expect(lang("index.html") == "<html lang=\"en\">")
        #expect(lang("ja/index.html") == "<html lang=\"ja\">")
        #expect(lang("ja/setup/index.html") == "<html lang=\"ja\">")
        #expect(lang("ja/fr/index.html") == "<html lang=\"fr\">")
        #expect(lang("404.html") == "<html lang=\"en\">")
    }

    @Test("CJK text is searched by pairs of characters; other scripts by words")
    func cjkWords() {
        #expect(SearchWords.words(in: "東京都に住む") == ["東京", "京都", "都に", "に住", "住む"])
        #expect(SearchWords.words(in: "Swift言語 und 한국어 x 字") == ["swift", "言語", "und", "한국", "국어", "x", "字"])
        #expect(SearchWords.words(in: "Größe ΣΟΦΟΣ") == ["größe", "σοφοσ"])
    }
}
