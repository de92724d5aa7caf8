import Foundation
import Testing

@testable import SiteBuilder

/// Obsidian's `%%comments%%` and MDX's `{/* comments */}`, which no reader may get.
@Suite("Comments in the source")
struct SourceCommentTests {
    @Test("A comment in a line, over lines or left open is taken out, every line kept; code keeps its %%")
    func stripped() {
        for (markdown, stripped) in [
            ("Ship it %%after the audit%% today.", "Ship it  today."),
            ("a %%one%% b %%two%% c", "a  b  c"),
            ("Before\n%%\nSecret plan.\nMore.\n%%\nAfter", "Before\n\n\n\n\nAfter"),
            ("Text %%starts\nends%% here", "Text \n here"),
            ("Open %%to the end\nof the page", "Open \n"),
            ("`50%%` and %%x%%", "`50%%` and "),
            ("```\n%%kept%%\n```\n%%gone%%", "```\n%%kept%%\n```\n"),
            ("Para\n\n    %%indented code%%\n\n%%x%%", "Para\n\n    %%indented code%%\n\n"),
            ("%%a\r\nb%%c", "\r\nc"),
        ] {
            #expect(SourceComments.strip(markdown)?.text == stripped, "\(markdown)")
        }
        #expect(SourceComments.strip("100% sure, 5 % more") == nil)
    }

    @Test("MDX's comments, as Docusaurus pages write them, in a line, over lines or left open; code keeps them")
    func mdx() {
        for (markdown, stripped) in [
            ("Ship it {/* after the audit */} today.", "Ship it  today."),
            ("{/* one */} b {/*two*/}", " b "),
            ("Before\n{/*\nSecret plan.\n*/}\nAfter", "Before\n\n\n\nAfter"),
            ("Open {/* to the end\nof the page", "Open \n"),
            ("`{/* kept */}` and {/* x */}", "`{/* kept */}` and "),
            ("```js\n{/* kept */}\n```\n{/* gone */}", "```js\n{/* kept */}\n```\n"),
            ("%%a%% {/* b */} %%c", "  "),
        ] {
            #expect(SourceComments.strip(markdown)?.text == stripped, "\(markdown)")
        }
        for text in ["a / * b", "{ /* spaced */ }", "{/ * x * /}", "*/} alone"] {
            #expect(SourceComments.strip(text) == nil, "\(text)")
        }
    }

    @Test("A comment nothing closes is a warning on the line it opens; one closed, in code or later closed is not")
    func unclosed() {
        let cases: [(markdown: String, lines: [Int])] = [
            ("Open %%to the end\nof the page", [1]),
            ("a\n\nb %%one%% c\n%%\nmore", [4]),
            ("%%a\nb%%\n\n{/* no end\n", [4]),
            ("x %%a%% {/*\n%%\n", [1, 2]),
            ("Fine %%closed%%\n%%\nover lines\n%%", []),
            ("```\n%%kept\n```\n`%%` too", []),
        ]
        for (markdown, lines) in cases {
            let unclosed = SourceComments.strip(markdown)?.unclosed ?? []
            #expect(unclosed.map(\.line).sorted() == lines, "\(markdown)")
        }
        let message = SourceComments.strip("%%x")?.unclosed.first?.message ?? ""
        #expect(message.hasPrefix("no %% closes the Obsidian comment this %% opens") && message.contains("`%%`"))
    }

    @Test("The build warns of a comment nothing closes at its file line, and again while the page comes from the cache")
    func unclosedWarning() throws {
        let site = try TestSite(pages: [
            "index.md": "---\ntitle: Plan\n---\nWe ship soon.\n\n%% the rest is a note\nNot published.\n"
        ])
        for _ in 0..<2 {
            let warnings = try site.build().warnings.map {
                $0.description.replacingOccurrences(of: site.root + "/", with: "")
            }
            #expect(
                warnings.count == 1 && warnings.first?.hasPrefix("site/index.md:6: markdown: no %% closes") == true,
                "\(warnings)")
        }
        #expect(site.output("index.html")?.contains("Not published") == false)
    }

    @Test("A page's comments reach neither its HTML nor its search text, and its line numbers stay the file's")
    func neverPublished() throws {
        let site = try TestSite(pages: [
            "index.md":
                "# Plan\n\nWe ship %%after the *secret* audit%% soon.\n\n%%\nDraft: [x](gone.md)\n%%\n\n[y](missing.md)\n"
        ])
        #expect(site.buildErrors().map { $0.hasPrefix("site/index.md:9: link: 'missing.md'") } == [true])
        try site.write(
            [
                "index.md":
                    "# Plan\n\nWe ship %%after the *secret* audit%% soon.\n\n%%\n[x](gone.md)\n%%\n\n{/* secret */}\n"
            ],
            under: "site")
        try site.build { $0.buildsSearchIndex = true }
        let files = site.outputFiles()
        #expect(site.output("index.html")?.contains("<p>We ship  soon.</p>") == true)
        #expect(!files.isEmpty)
        for (path, data) in files {
            #expect(!String(decoding: data, as: UTF8.self).contains("secret"), "\(path)")
        }
    }
}
