import Foundation
import Testing

@testable import SiteBuilder

@Suite("Front matter")
struct FrontMatterTests {
    private func parse(_ yaml: String) -> (FrontMatter, [String]) {
        let (frontMatter, problems) = FrontMatterParser(file: "site/a.md", firstLine: 2).parse(yaml)
        return (frontMatter, problems.map { "\($0.line ?? 0): \($0.message)" })
    }

    @Test("Front matter with aliases of aliases (a billion laughs) is refused before it is read; a few aliases work")
    func aliasBomb() throws {
        var yaml = "a: &a [x, x, x, x, x, x, x, x, x]\n"
        for (level, name) in "bcdefgh".enumerated() {
            let previous = level == 0 ? "a" : String(Array("bcdefgh")[level - 1])
            yaml += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
        }
        let site = try TestSite(pages: ["index.md": "---\n\(yaml)---\n# Home\n", "b.md": "---\nx: &v 1\ny: *v\n---\n"])
        let started = Date()
        let errors = site.buildErrors()
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(errors.count == 1, "\(errors)")
        #expect(
            errors.first?.hasPrefix("site/index.md:2: front matter: front matter uses 63 aliases") == true, "\(errors)")
    }

    @Test("Known keys are typed; every other key goes to params")
    func knownAndExtraKeys() {
        let (matter, problems) = parse(
            """
            title: 1984
            description: A page
            date: 2026-11-22
            draft: true
            weight: 3
            aliases: [/old/, old.html]
            tags: [a, b]
            template: landing
            author: Ann
            count: 2
            ratio: 0.5
            flag: false
            nested: {x: [1, two]}
            nothing:
            """)
        #expect(problems.isEmpty)
        #expect(matter.title == "1984")
        #expect(matter.description == "A page")
        #expect(matter.date == SiteDate(parsing: "2026-11-22"))
        #expect(matter.isDraft)
        #expect(matter.weight == 3)
        #expect(matter.aliases.map(\.value) == ["/old/", "old.html"])
        #expect(matter.aliases.map(\.line) == [7, 7])
        #expect(matter.tags == ["a", "b"])
        #expect(matter.template?.value == "landing")
        #expect(matter.template?.line == 9)
        #expect(
            matter.params == [
                "author": .string("Ann"), "count": .int(2), "ratio": .double(0.5), "flag": .bool(false),
                "nested": .object(["x": .list([.int(1), .string("two")])]),
            ])
    }

    @Test("Wrong types are reported with the line of their key, all of them")
    func wrongTypes() {
        let (_, problems) = parse(
            """
            title: [a, b]
            weight: abc
            draft: maybe
            date: 22.11.2026
            aliases: /old/
            tags: {a: 1}
            template: [x]
            """)
        #expect(
            problems == [
                "2: 'title' must be text, e.g. title: Setting up",
                "3: 'weight' must be a number, e.g. weight: 10 (or 2.5, between 2 and 3)",
                "4: 'draft' must be true or false",
                "5: 'date' must be a date written as YYYY-MM-DD, e.g. date: 2026-11-22",
                "6: 'aliases' must be a list of old paths, e.g. aliases: [/old/setup/]",
                "7: 'tags' must be a list of words, e.g. tags: [nginx, setup]",
                "8: 'template' must name a template in the templates folder, e.g. template: landing",
            ])
    }

    @Test("A key that looks meant as access: is an error, not a value for templates that leaves the folder's rule")
    func strayAccessKeys() {
        let (matter, problems) = parse(
            """
            acess: { roles: [Finance.Read] }
            Access: public
            acecss: signed-in
            roles: [Finance.Read]
            groups: 5f1c2e4a-0b6d-4c8e-9f1a-2b3c4d5e6f70
            accent: teal
            assess: later
            process: 2
            role: owner
            """)
        let stray =
            ", which would leave this page to its folder's rule; write access:, or give your own value for "
            + "templates a name further from it"
        #expect(
            problems == [
                "2: unknown key 'acess' (did you mean 'access'?)" + stray,
                "3: unknown key 'Access' (did you mean 'access'?)" + stray,
                "4: unknown key 'acecss' (did you mean 'access'?)" + stray,
                "5: 'roles' on its own sets no access rule, so this page would keep its folder's; write it inside "
                    + "access, e.g. access: { roles: [Finance.Read] }",
                "6: 'groups' on its own sets no access rule, so this page would keep its folder's; write it inside "
                    + "access, e.g. access: { groups: [5f1c2e4a-0b6d-4c8e-9f1a-2b3c4d5e6f70] }",
            ])
        #expect(matter.access == nil)
        #expect(
            matter.params == [
                "accent": .string("teal"), "assess": .string("later"), "process": .int(2), "role": .string("owner"),
            ])
    }

    @Test("Other tools' keys for one of sitegen's ideas are read as it, in any order, sitegen's own first")
    func otherToolKeys() {
        let (matter, problems) = parse(
            """
            published: false
            sidebar_position: 3
            redirect_from:
              - /old/a.html
              - /older/
            aliases: [/a-old/]
            draft: false
            permalink: /2019/a.html
            """)
        #expect(problems.isEmpty)
        #expect(matter.isDraft, "published: false leaves the page out whatever draft: says after it")
        #expect(matter.weight == 3)
        #expect(matter.aliases.map(\.value) == ["/a-old/", "/old/a.html", "/older/", "/2019/a.html"])
        #expect(matter.aliases.map(\.line) == [7, 5, 6, 9])
        #expect(matter.params.isEmpty && matter.warnings.isEmpty)

        #expect(parse("weight: 1\nnav_order: 5").0.weight == 1)
        #expect(parse("nav_order: 2.5\nsidebar_position: 4").0.weight == 2.5)
        #expect(!parse("published: true").0.isDraft)
        #expect(parse("published: 2024-01-01").0.params == ["published": .string("2024-01-01")])
        for quoted in ["\"false\"", "'False'", "\"no\""] {
            #expect(
                parse("published: \(quoted)").1 == [
                    "2: 'published' must be true or false, unquoted (published: false leaves the page out, as "
                        + "draft: true does)"
                ], "a quoted yes or no is no date or text for templates")
        }
        #expect(parse("redirect_from: /old/").0.aliases.map(\.value) == ["/old/"])
        #expect(
            parse("redirect_from: {a: 1}").1 == [
                "2: 'redirect_from' must be a list of old paths, e.g. redirect_from: [/old/setup/]"
            ])
    }

    /// Keys of other tools sitegen has no use for, and slips of its own keys, stay values for templates, with a
    /// warning saying what to write; a value of the page's own that only looks like one of sitegen's keys does not
    /// warn.
    @Test(
        "Other tools' keys sitegen does not read, and slips of its own, warn with what to write",
        arguments: [
            (
                "weigth: 3",
                "'weigth' is not one of sitegen's keys (did you mean 'weight'?), so it only reaches templates, as "
                    + "page.params.weigth; write weight:, or give your own value a name further from it"
            ),
            (
                "Title: Setup",
                "'Title' is not one of sitegen's keys (did you mean 'title'?), so it only reaches templates, as "
                    + "page.params.Title; write title:, or give your own value a name further from it"
            ),
            (
                "tag: nginx",
                "'tag' is not one of sitegen's keys (did you mean 'tags'?), so it only reaches templates, as "
                    + "page.params.tag; write tags:, or give your own value a name further from it"
            ),
            (
                "dtae: 2026-01-02",
                "'dtae' is not one of sitegen's keys (did you mean 'date'?), so it only reaches templates, as "
                    + "page.params.dtae; write date:, or give your own value a name further from it"
            ),
            (
                "Language: de",
                "'Language' is not one of sitegen's keys (did you mean 'language'?), so it only reaches templates, as "
                    + "page.params.Language; write language:, or give your own value a name further from it"
            ),
            (
                "drafts: true",
                "'drafts' is not one of sitegen's keys (did you mean 'draft'?), so it only reaches templates, as "
                    + "page.params.drafts; write draft:, or give your own value a name further from it"
            ),
            (
                "permalink: /:categories/:title/",
                "this 'permalink' is a pattern or a relative path, which sitegen cannot keep as an address: a page is "
                    + "published at the path of its file; keep an old address working with aliases: [/old/path/]"
            ),
            (
                "slug: setup-guide",
                "'slug' is Hugo's and Docusaurus's key, which sitegen does not read: a page is published at the path "
                    + "of its file; rename the file to change its address, and keep the old one working with "
                    + "aliases: [OLD]"
            ),
            (
                "nav_order: first",
                "'nav_order' orders pages only as a number, e.g. nav_order: 3; this page is ordered as if it had none"
            ),
            ("tabs: [a, b]", nil), ("data: x", nil), ("height: 300", nil), ("rate: 5", nil), ("template_note: x", nil),
            ("author: Ann", nil), ("language: de", nil), ("layout: post", nil),
        ] as [(String, String?)])
    func keysSitegenDoesNotRead(yaml: String, warning: String?) {
        let (matter, problems) = parse("title: T\n" + yaml)
        #expect(problems.isEmpty)
        #expect(matter.warnings == (warning.map { [LineMessage(line: 3, message: $0)] } ?? []))
        let key = String(yaml.prefix { $0 != ":" })
        let read = ["nav_order", "permalink"].contains(key)
        #expect((matter.params[key] != nil) == !read, "what warns and is not read is still there for templates")
    }

    @Test("Values real corpora use: tags as one text (Jekyll's spaces, or commas), weights with a fraction")
    func corpusValues() {
        #expect(parse("tags: nginx").0.tags == ["nginx"])
        #expect(parse("tags: nginx setup  proxy").0.tags == ["nginx", "setup", "proxy"])
        #expect(parse("tags: getting started, nginx,").0.tags == ["getting started", "nginx"])
        #expect(parse("tags: 2024").0.tags == ["2024"])
        #expect(parse("weight: 1.5").0.weight == 1.5)
        #expect(parse("weight: -2").0.weight == -2)
        for wrong in ["weight: .inf", "weight: .nan", "weight: [1]", "weight: heavy"] {
            #expect(parse(wrong).1 == ["2: 'weight' must be a number, e.g. weight: 10 (or 2.5, between 2 and 3)"])
        }
    }

    @Test("A weight with a fraction orders between whole ones; an MkDocs template name builds with one warning")
    func corpusPagesBuild() throws {
        let templates = TestSite.contentOnlyTemplates.merging([
            "section.mustache": "{{#section_pages}}[{{title}}]{{/section_pages}}",
            "landing.mustache": "landing: {{page.title}}",
        ]) { $1 }
        let site = try TestSite(
            pages: [
                "index.md": "", "a.md": "---\nweight: 2\n---\n", "b.md": "---\nweight: 1.5\n---\n",
                "c.md": "---\nweight: 1\ntags: one\n---\n", "d.md": "---\ntemplate: main.html\n---\nD\n",
                "e.md": "---\ntitle: E\ntemplate: landing.html\nweight: 9\n---\n",
                "f.md": "---\nweight: 10\ntemplate: overrides/blog.html\n---\n",
            ], templates: templates)
        let report = try site.build()
        #expect(site.output("index.html") == "[C][B][A][E][F][D]")
        #expect(site.output("d/index.html") == "<p>D</p>\n")
        #expect(site.output("e/index.html") == "landing: E")
        #expect(
            report.warnings.map(\.description) == [
                site.root + "/site/d.md:2: template: 'template: main.html' names another tool's template, which "
                    + "this theme does not have; 2 page(s) name such templates and get their default one (page or "
                    + "section): \(site.root)/site/d.md, \(site.root)/site/f.md; add \(site.root)/templates/main.mustache "
                    + "to give them one"
            ])
        try site.write(["d.md": "---\ntemplate: main\n---\n"], under: "site")
        #expect(
            site.buildErrors().first?.hasPrefix("site/d.md:2: template: 'template: main' names no template; add ")
                == true)
        try site.write(["d.md": "---\ntemplate: sectoin\n---\n"], under: "site")
        #expect(
            site.buildErrors().first?.hasPrefix(
                "site/d.md:2: template: 'template: sectoin' names no template (did you mean 'section'?); add ") == true)
    }

    @Test("Dates: YAML dates, quoted strings and timestamps are accepted; impossible dates are not")
    func dates() {
        #expect(parse("date: '2026-02-28'").0.date?.display == "28 February 2026")
        #expect(parse("date: 2026-11-22T10:00:00Z").0.date?.iso == "2026-11-22")
        #expect(parse("date: 2024-02-29").0.date?.iso == "2024-02-29")
        #expect(parse("date: 2026-02-29").1.count == 1)
        #expect(parse("date: 2026-13-01").1.count == 1)
        #expect(parse("date: 2026-1-5").1.count == 1)
        // Found by fuzz-build-cache: a year before 1000 was written back as `224-05-01`, which did not read.
        #expect(parse("date: '0224-05-01'").0.date?.iso == "0224-05-01")
        for signed in ["'+224-05-01'", "'-001-05-01'", "'2026-+1-05'", "'2026-01--5'"] {
            #expect(parse("date: \(signed)").1.count == 1, "\(signed)")
        }
    }

    @Test("Invalid YAML and duplicate keys are reported at their file line")
    func invalidYAML() {
        #expect(parse("title: a\n  bad: [").1.first?.hasPrefix("3: invalid YAML") == true)
        #expect(
            parse("tags: [a, \"b\" c]").1.first?.hasPrefix("2: invalid YAML: did not find expected ',' or ']' while ")
                == true, "closed on its own line: not told to close it")
        #expect(parse("title: x\nsummary: 'it's here'").1.first?.hasPrefix("3: invalid YAML: ") == true)
        #expect(
            parse("title: x\n  bad: value").1.first?.hasSuffix(
                "check the indentation, and quote values that contain ': ' or start with a special character") == true,
            "no colon in a value: the general hint")
        // Lines are the file's even where YAML 1.1 breaks them (U+0085, U+2028, U+2029) and editors do not.
        #expect(
            parse("summary: \"a\u{2029}b\u{85}c\"\nweight: x").1.first?.hasPrefix("3: 'weight' must be a number")
                == true)
        #expect(parse("title: a\ntitle: b").1 == ["2: key 'title' is written twice; keep one"])
        #expect(parse("- a\n- b").1 == ["2: front matter must be `key: value` lines, e.g. `title: Setup`"])
    }

    /// The YAML mistakes authors make most, each with what to write, on the line to fix: an unclosed bracket or
    /// quote is found where the YAML went on without it, and reported where it opened.
    @Test(
        "Invalid YAML says what to write",
        arguments: [
            (
                "tags: [a, b\ntitle: x",
                "2: invalid YAML: the '[' on line 2 is never closed (did not find expected ',' or ']' by line 3); "
                    + "close it, or quote the whole value if the '[' is part of the text"
            ),
            (
                "title: x\nsummary: \"never closed\nweight: 2\n",
                "3: invalid YAML: the quoted value that starts on line 3 is never closed; end it with the quote mark "
                    + "it starts with (inside single quotes, write a ' as '')"
            ),
            (
                "title: 'never closed",
                "2: invalid YAML: the quoted value that starts on line 2 is never closed; end it with the quote mark "
                    + "it starts with (inside single quotes, write a ' as '')"
            ),
            (
                "title: x\nsummary: first line\nsecond line\nweight: 2",
                "4: invalid YAML: line 4 is not `key: value`; add the key and ':', or indent the line to go on with "
                    + "the value above it"
            ),
            (
                "title: \"C:\\docs\"",
                "2: invalid YAML: found unknown escape character; in double quotes a backslash starts an escape: "
                    + "write \\\\ for a backslash, or use single quotes"
            ),
            (
                "title: Step 2: sign in\r\nweight: 2",
                "2: invalid YAML: the value of 'title' holds ': ', which YAML reads as the start of another key; "
                    + #"quote the value: title: "Step 2: sign in""#
            ),
            (
                "title: x\nsummary: say \"a: b\" or C:\\ here",
                "3: invalid YAML: the value of 'summary' holds ': ', which YAML reads as the start of another key; "
                    + #"quote the value: summary: "say \"a: b\" or C:\\ here""#
            ),
            (
                "title: @home",
                "2: invalid YAML: the value of 'title' starts with '@', which YAML keeps for itself; quote the value: "
                    + #"title: "@home""#
            ),
            (
                "title: *x",
                "2: invalid YAML: the value of 'title' starts with '*', which YAML reads as an alias; quote the value: "
                    + #"title: "*x""#
            ),
            ("title: x\ntags:\n\t- a", "4: invalid YAML: line 4 is indented with a tab; YAML indents with spaces only"),
            (
                "title: x\ntags: - setup",
                "3: invalid YAML: the list of 'tags' starts on its line; put each item on a line of its own below it, "
                    + "after '- ', or write the list in brackets: tags: [setup]"
            ),
            (
                "title: x\nsummary: one\u{2028}two\nweight: 2",
                "3: invalid YAML: this line holds U+2028 (line separator), which YAML reads as a line break; remove it"
            ),
        ])
    func invalidYAMLSaysWhatToWrite(yaml: String, message: String) {
        #expect(parse(yaml).1 == [message])
    }

    @Test("Splitting: body line offset, '...' closing, no front matter, unclosed block")
    func splitting() throws {
        let block = try #require(FrontMatterBlock.split("---\ntitle: a\n---\n# Body\n"))
        #expect(block.yaml == "title: a")
        #expect(block.body == "# Body\n")
        #expect(block.bodyLineOffset == 3)
        #expect(FrontMatterBlock.split("---\n...\nx")?.body == "x")
        #expect(FrontMatterBlock.split("# No front matter\n---\n")?.yaml == nil)
        #expect(FrontMatterBlock.split("---\ntitle: a\n") == nil)
        #expect(FrontMatterBlock.split("---\n# a comment\ntitle: a\n") == nil)
        // A `---` never closed before no YAML is a rule, as GitHub and MkDocs show it: the whole text is the body.
        for text in ["---\n\nText after a rule.\n", "---\nA sentence: with a colon.\n", "---\n- a list\n", "---"] {
            let rule = try #require(FrontMatterBlock.split(text), "\(text)")
            #expect(rule.yaml == nil && rule.body == text && rule.bodyLineOffset == 0)
        }
    }

    @Test("A whole build lists every front matter error of every page as file:line: topic: message")
    func buildErrors() throws {
        let site = try TestSite(pages: [
            "index.md": "",
            "guide/setup.md": "---\ntitle: Setup\n\nweight: abc\n---\nBody\n",
            "guide/other.md": "---\ntitle: [unclosed\n---\n",
            "open.md": "---\ntitle: never closed\n",
        ])
        #expect(
            site.buildErrors() == [
                "site/guide/other.md:2: front matter: invalid YAML: the '[' on line 2 is never closed (did not find "
                    + "expected ',' or ']' by line 3); close it, or quote the whole value if the '[' is part of the text",
                "site/guide/setup.md:4: front matter: 'weight' must be a number, e.g. weight: 10 (or 2.5, between 2 and 3)",
                "site/open.md:1: front matter: the front matter opened with '---' on line 1 is never closed; "
                    + "add a '---' line after it",
            ])
    }

    @Test("Hugo's TOML front matter is an error naming what to write, not text whose access: is never read")
    func tomlFrontMatter() throws {
        let site = try TestSite(pages: [
            "index.md": "",
            "salaries.md": "+++\ntitle = \"Salaries\"\naccess = { roles = [\"HR\"] }\n+++\nSECRET\n",
            "plus.md": "+++ is how this text opens.\n",
        ])
        #expect(
            site.buildErrors() == [
                "site/salaries.md:1: front matter: the front matter between '+++' lines is TOML, as Hugo writes it, "
                    + "which sitegen does not read: its title, access and every other key would be ignored; write it "
                    + "as YAML between '---' lines (title = \"Setup\" becomes title: Setup)"
            ])
    }

    @Test("A build reads other tools' keys, and repeats its front matter warnings while the page comes from the cache")
    func otherToolKeysBuild() throws {
        let templates = TestSite.contentOnlyTemplates.merging([
            "section.mustache": "{{#section_pages}}[{{title}}]{{/section_pages}}"
        ]) { $1 }
        let site = try TestSite(
            pages: [
                "index.md": "",
                "a.md": "---\ntitle: A\nsidebar_position: 2\n---\n",
                "b.md": "---\ntitle: B\nnav_order: 1\nredirect_from: [/old/b.html]\n---\n",
                "c.md": "---\ntitle: C\npublished: false\n---\n",
                "d.md": "---\ntitle: D\nweigth: 0\n---\n",
            ], templates: templates)
        let report = try site.build()
        #expect(site.output("index.html") == "[B][A][D]")
        #expect(site.output("c/index.html") == nil)
        #expect(site.output("old/b.html")?.contains("/b/") == true)
        let warnings = report.warnings.map(\.description)
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix(site.root + "/site/d.md:3: front matter: 'weigth' is not one of") == true)

        try site.write(["e.md": "Another page.\n"], under: "site")
        #expect(try site.build().warnings.map(\.description) == warnings)
        try site.write(["d.md": "---\ntitle: D\nweight: 0\n---\n"], under: "site")
        #expect(try site.build().warnings.isEmpty)
        #expect(site.output("index.html") == "[D][B][A][E]")
    }

    @Test("Extra keys reach templates as page.params; CRLF files and a BOM are read correctly")
    func paramsInTemplates() throws {
        let templates = TestSite.contentOnlyTemplates.merging([
            "page.mustache":
                "{{page.params.author}}|{{#page.tags}}<{{.}}>{{/page.tags}}|{{page.title}}|{{{page.content_html}}}"
        ]) { $1 }
        let site = try TestSite(
            pages: [
                "index.md": "",
                "a.md": "\u{FEFF}---\r\nauthor: Ann & Bo\r\ntags: [x, y]\r\n---\r\n# Heading\r\n",
            ], templates: templates)
        try site.build()
        // The heading is the title, so it is left out of the text.
        #expect(site.output("a/index.html") == "Ann &amp; Bo|<x><y>|Heading|")
    }
}
