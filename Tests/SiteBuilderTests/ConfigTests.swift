import Foundation
import Testing

@testable import SiteBuilder

@Suite("site.toml")
struct ConfigTests {
    @Test("A missing site.toml means the defaults")
    func defaults() {
        let config = SiteConfig()
        #expect(config.title == "Documentation")
        #expect(config.language == "en")
        #expect(config.rootURL == "/")
        #expect(config.baseURL.isEmpty)
    }

    @Test("A site.toml that is there but cannot be read stops the build: its defaults would loosen every page")
    func unreadable() throws {
        let site = try TestSite(pages: ["index.md": "# Home\n"])
        try site.write(["site.toml": "access = { roles = [\"Staff\"] }\n"], under: "site")
        try site.build()
        let published = site.output(".sitegen/access.json")
        try FileManager.default.removeItem(atPath: site.root + "/site/site.toml")
        try FileManager.default.createDirectory(
            atPath: site.root + "/site/site.toml", withIntermediateDirectories: false)
        #expect(site.buildErrors().first?.hasPrefix("site/site.toml: config: cannot read this file") == true)
        #expect(site.output(".sitegen/access.json") == published, "the published site stays as it was")
        try FileManager.default.removeItem(atPath: site.root + "/site/site.toml")
        try FileManager.default.createSymbolicLink(atPath: site.root + "/site/site.toml", withDestinationPath: "gone")
        #expect(site.buildErrors().first?.hasPrefix("site/site.toml: config: cannot read this file") == true)
    }

    @Test("A table header without a name is a problem on its line, not a crash (found by Fuzz/fuzz-config)")
    func unnamedTableHeader() {
        let (_, problems) = SiteConfig.parse("title = \"x\"\n\n[#\n", file: "site/site.toml")
        #expect(problems.map(\.line) == [3])
        #expect(problems.first?.message.hasPrefix("a table header needs a name after '['") == true)
    }

    @Test("A header without a name right after a byte order mark is found too (found by Fuzz/fuzz-config)")
    func unnamedTableHeaderAfterByteOrderMark() {
        let (_, problems) = SiteConfig.parse("\u{FEFF}[ \u{FFFD}", file: "site/site.toml")
        #expect(problems.map(\.line) == [1])
        #expect(problems.first?.message.hasPrefix("a table header needs a name after '['") == true)
    }

    @Test("A Unicode line break where an array expects a value is a problem on its line, not a crash (fuzz-config)")
    func unicodeLineBreakInArray() {
        let (_, problems) = SiteConfig.parse("title = \"x\"\nnav = [\n\u{2028} \"guide\"]\n", file: "site/site.toml")
        #expect(problems.map(\.line) == [3])
        #expect(problems.first?.message.hasPrefix("U+2028 (line separator) is not a line break in TOML") == true)
        let (config, none) = SiteConfig.parse("title = \"a\u{2028}b\" # c\u{85}d\n", file: "site/site.toml")
        #expect(none.isEmpty && config.title == "a\u{2028}b")
    }

    @Test("Text whose closing quote is missing is named as such, on the line its quote opens")
    func unclosedText() {
        let cases: [(text: String, line: Int, message: String)] = [
            ("title = \"Acme\nbase_url = \"/\"\n", 1, "no \" on this line closes the text this \" opens"),
            ("title = 'Acme\n", 1, "no ' on this line closes the text this ' opens"),
            ("title = \"x\"\n[params]\nnote = \"\"\"\nline\n", 3, #"no """ closes the text this """ opens"#),
            ("title = \"x\"\naccess = { roles = [\"Staff] }\n", 2, "no \" on this line closes the text"),
        ]
        for (text, line, message) in cases {
            let (_, problems) = SiteConfig.parse(text, file: "site/site.toml")
            #expect(problems.map(\.line) == [line], "\(text)")
            #expect(problems.first?.message.hasPrefix(message) == true, "\(problems)")
        }
        for text in ["title = \"a \\\" b\"\n", "title = \"\"\"a\nb\"\"\"\n", "title = 'C:\\x'\n", "title = \"\"\n"] {
            #expect(SiteConfig.parse(text, file: "site/site.toml").1.isEmpty, "\(text)")
        }
    }

    @Test("Brackets inside arrays and strings are not table headers")
    func bracketsInValues() {
        let (config, problems) = SiteConfig.parse(
            """
            [params]
            matrix = [
              [ # the first row
                1, 2 ],
            ]
            note = \"\"\"
            [# not a header
            \"\"\"
            """, file: "site/site.toml")
        #expect(problems.isEmpty)
        #expect(config.params["note"] == .string("[# not a header\n"))
    }

    @Test("Known keys, [params] and nav are read; base_url gives the root path and origin")
    func knownKeys() {
        let (config, problems) = SiteConfig.parse(
            """
            title = "Ops Handbook"
            base_url = "https://docs.example.com/ops"
            language = "de"
            footer = "© Ops"
            nav = ["guide", "reference"]
            search = false

            [params]
            repo = "https://git.example.com"
            year = 2026
            """, file: "site/site.toml")
        #expect(problems.isEmpty)
        #expect(config.title == "Ops Handbook")
        #expect(config.rootURL == "/ops/")
        #expect(config.origin == "https://docs.example.com")
        #expect(config.language == "de")
        #expect(config.footer == "© Ops")
        #expect(config.navOrder.map(\.name) == ["guide", "reference"])
        #expect(config.navOrder.first?.line == 5)
        #expect(config.params == ["repo": .string("https://git.example.com"), "year": .int(2026)])
        #expect(!config.search)
        #expect(SiteConfig.parse("", file: "site/site.toml").0.search, "search is on unless switched off")
    }

    @Test("Unknown keys, wrong types and bad base_url are errors naming the key and its line")
    func problems() {
        let (_, problems) = SiteConfig.parse(
            """
            title = 3
            base_url = "docs.example.com"
            colour = "blue"
            nav = "guide"
            search = "no"
            serch = false
            includes = "none"
            """, file: "site/site.toml")
        let known =
            "title, base_url, language, footer, nav, access, file_access, contact, search, params, last_changed, "
            + "edit_url, mermaid, server"
        #expect(
            problems.map { "\($0.line ?? 0): \($0.message)" } == [
                "1: 'title' must be a string, e.g. title = \"…\"",
                "2: 'base_url' must start with https:// or http://, e.g. base_url = \"https://docs.example.com/\"",
                "3: unknown key 'colour'; known keys are \(known) (put your own values under [params])",
                "4: 'nav' must be a list of folder or page names, e.g. nav = [\"guide\", \"reference\"]",
                "5: 'search' must be true or false, e.g. search = false to build without a search index",
                "6: unknown key 'serch' (did you mean 'search'?); known keys are \(known) (put your own values under "
                    + "[params])",
                "7: 'includes' is a key of [server]; write it below a [server] line, after every top-level key",
            ])
    }

    @Test("TOML syntax errors are reported with their line in a build")
    func syntaxError() throws {
        let site = try TestSite(pages: ["site.toml": "title = \"a\"\ntitle = = 2\n", "index.md": ""])
        let errors = site.buildErrors()
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("site/site.toml:2: config: ") == true)
    }

    @Test("site.params and the site fields reach templates")
    func siteContext() throws {
        let site = try TestSite(pages: [
            "site.toml": "title = \"T\"\nbase_url = \"https://x.org/d/\"\n[params]\nrepo = \"r\"\n", "index.md": "",
        ])
        try site.write(
            [
                "section.mustache":
                    "{{site.title}}|{{site.base_url}}|{{site.root_url}}|{{site.params.repo}}|{{site.language}}"
            ],
            under: "templates")
        try site.build()
        #expect(site.output("index.html") == "T|https://x.org/d/|/d/|r|en")
    }
}
