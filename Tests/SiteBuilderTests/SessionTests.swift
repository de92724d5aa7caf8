import Foundation
import Testing

@testable import SiteBuilder

/// A `BuildSession` takes from its last build what no reported change touched: the folders a watch named nothing
/// in are not listed again, and the build cache's files are not read again while they are as it wrote them.
@Suite("Build sessions")
struct SessionTests {
    @Test("A session lists again only the folders holding a reported change, and below a reported folder")
    func onlyReportedFoldersAreListedAgain() throws {
        let site = try TestSite(pages: [
            "index.md": "", "a/one.md": "One\n", "b/two.md": "Two\n", "b/c/three.md": "3\n",
        ])
        // Old enough that the build trusts their stamps rather than reading them again (`BuildRecord.racyWindow`).
        try EditedSite.age(site.root + "/site")
        let session = BuildSession(options: site.options)
        _ = try session.build()
        // Written, but not reported: a session trusts its watch, so it still has the last listing of b/.
        try site.write(["a/one.md": "One, edited\n", "b/two.md": "Two, edited\n"], under: "site")
        let report = try session.build(changed: [site.root + "/site/a/one.md"])
        #expect(report.changedFiles == ["a/one/index.html"])
        #expect(site.output("b/two/index.html") == "<p>Two</p>\n")
        // A new folder, reported by the name its parent's watch saw, is listed whole, and its parent again; a
        // folder elsewhere is not.
        try site.write(["b/d/e/four.md": "4\n", "a/five.md": "5\n"], under: "site")
        _ = try session.build(changed: [site.root + "/site/b/d"])
        #expect(site.output("b/d/e/four/index.html") == "<p>4</p>\n")
        #expect(site.output("b/two/index.html") == "<p>Two, edited</p>\n", "b/ holds what was reported")
        #expect(site.output("a/five/index.html") == nil, "a/ was not reported")
        // Without a report, everything is listed again.
        _ = try session.build(changed: nil)
        #expect(site.output("a/five/index.html") == "<p>5</p>\n")
    }

    @Test("A session's first build over an output already built goes through the stages, which its next build reuses")
    func aFirstBuildOverABuiltOutputFillsTheSession() throws {
        let site = try TestSite(pages: ["index.md": "", "a/one.md": "One\n", "a/two.md": "Two\n"])
        try site.build()
        let page = site.options.outputFolder + "/a/one/index.html"
        let written = try #require(FileStamp.of(page))
        // A lone build ends as soon as it finds nothing changed, without the access manifest the stages make.
        #expect(try SiteBuilder.build(options: site.options).manifest == nil)
        let session = BuildSession(options: site.options)
        let first = try session.build()
        #expect(first.outputUnchanged && first.changedFiles.isEmpty && first.reusedPageCount == first.pageCount)
        #expect(first.manifest != nil, "it went through the stages")
        #expect(session.memory.holdsABuild)
        #expect(FileStamp.of(page) == written)
        // With the session's memory filled, a build that finds nothing changed ends up to date again.
        #expect(try session.build(changed: []).manifest == nil)
        try site.write(["a/two.md": "Two, edited\n"], under: "site")
        let edit = try session.build(changed: [site.root + "/site/a/two.md"])
        #expect(edit.changedFiles == ["a/two/index.html"])
        #expect(FileStamp.of(page) == written)
    }

    @Test("A change reported before a build that failed is still listed by the next one")
    func changesOutliveAFailedBuild() throws {
        let site = try TestSite(pages: ["index.md": "", "a/one.md": "One\n"])
        let session = BuildSession(options: site.options)
        _ = try session.build()
        try site.write(["a/one.md": "[broken](missing.md)\n"], under: "site")
        #expect(throws: BuildFailure.self) { try session.build(changed: [site.root + "/site/a/one.md"]) }
        try site.write(["a/one.md": "One, fixed\n"], under: "site")
        _ = try session.build(changed: [])
        #expect(site.output("a/one/index.html") == "<p>One, fixed</p>\n")
    }

    @Test("A session reads the build cache from disk again once another build wrote it")
    func anotherBuildIsNoticed() throws {
        let site = try TestSite(pages: ["index.md": "", "a.md": "A\n"])
        let session = BuildSession(options: site.options)
        _ = try session.build()
        session.finishSaving()
        let cache = BuildCache(outputFolder: site.options.outputFolder)
        #expect(session.memory.cache.record(at: cache.recordFile) != nil)
        try site.write(["a.md": "A, built alone\n"], under: "site")
        _ = try SiteBuilder.build(options: site.options)
        #expect(session.memory.cache.record(at: cache.recordFile) == nil, "the record file is another now")
        #expect(
            !session.memory.cache.outputAsRecorded(recordPath: cache.recordFile, output: site.options.outputFolder))
        try site.write(["a.md": "A, in the session again\n"], under: "site")
        let report = try session.build(changed: [site.root + "/site/a.md"])
        #expect(report.changedFiles == ["a/index.html"])
        #expect(site.output("a/index.html") == "<p>A, in the session again</p>\n")
    }

    @Test("A section's page in a session pastes the cards it rendered before only while they look the same")
    func cardsAreRenderedAgainWhenTheyChange() throws {
        let site = try TestSite(
            pages: ["index.md": "", "a/index.md": "# A\n", "a/one.md": "# One\n", "a/two.md": "# Two\n"],
            templates: ["section.mustache": "{{#section_pages}}{{> card}}{{/section_pages}}"])
        let session = BuildSession(options: site.options)
        _ = try session.build()
        #expect(site.output("a/index.html")?.contains(#"href="/a/one/">One</a>"#) == true)
        try site.write(["a/one.md": "# One, renamed\n", "a/three.md": "# Three\n"], under: "site")
        _ = try session.build(changed: [site.root + "/site/a/one.md", site.root + "/site/a/three.md"])
        let section = try #require(site.output("a/index.html"))
        #expect(section.contains(#"href="/a/one/">One, renamed</a>"#) && !section.contains(">One</a>"))
        #expect(section.contains(#"href="/a/two/">Two</a>"#) && section.contains(#"href="/a/three/">Three</a>"#))
        // Another card partial: no card is pasted as the old one rendered it.
        try site.write(["card.mustache": "<b>{{title}}</b>\n"], under: "templates/partials")
        _ = try session.build(changed: nil)
        #expect(site.output("a/index.html") == "<b>One, renamed</b>\n<b>Three</b>\n<b>Two</b>\n")
    }

    @Test("A page beside a folder of its name becomes the folder's page in a session, and a page again without it")
    func aPageBecomesASectionAndBackInASession() throws {
        let site = try TestSite(
            pages: ["index.md": "", "guide.md": "Guide\n", "faq.md": "FAQ\n"],
            templates: TestSite.contentOnlyTemplates.merging(
                ["section.mustache": "section: {{#section_pages}}{{title}} {{/section_pages}}"]) { $1 })
        let session = BuildSession(options: site.options)
        _ = try session.build()
        #expect(site.output("guide/index.html") == "<p>Guide</p>\n")
        try site.write(["guide/setup.md": "---\ntitle: Setup\n---\nSetup\n"], under: "site")
        _ = try session.build(changed: [site.root + "/site/guide"])
        #expect(site.output("guide/index.html") == "section: Setup ", "guide.md is the page of guide/ now")
        try FileManager.default.removeItem(atPath: site.root + "/site/guide")
        _ = try session.build(changed: [site.root + "/site/guide"])
        #expect(site.output("guide/index.html") == "<p>Guide</p>\n", "a page again")
        #expect(site.output("faq/index.html") == "<p>FAQ</p>\n")
    }

    @Test("A session's build is saved in the build cache after it returns; the next build, any process's, waits")
    func buildsAreSavedAfterTheyReturn() throws {
        let site = try TestSite(pages: ["index.md": "", "a.md": "A\n", "b/c.md": "C\n"])
        let session = BuildSession(options: site.options)
        _ = try session.build()
        // A lone build waits for the session's save, which holds the output's lock, and so finds nothing to do.
        let alone = try SiteBuilder.build(options: site.options)
        #expect(alone.outputUnchanged && alone.reusedPageCount == alone.pageCount)
        try site.write(["a.md": "A, edited\n"], under: "site")
        let report = try session.build(changed: [site.root + "/site/a.md"])
        #expect(report.changedFiles == ["a/index.html"] && report.warnings.isEmpty)
        #expect(session.finishSaving() == nil)
        let record = BuildCache(outputFolder: site.options.outputFolder).loadRecord()
        #expect(record?.files.mapValues(\.stamp) == OutputTree.files(in: site.options.outputFolder))
    }

    @Test("A session whose build cache cannot be saved warns once: when asked to finish saving, else in its next build")
    func anUnsavedCacheIsWarnedOfOnce() throws {
        let site = try TestSite(pages: ["index.md": "", "a.md": "A\n"])
        let inTheWay = site.root + "/.sitegen-cache"
        try site.write(["in-the-way": "a file where the cache's folder goes"], under: ".")
        try FileManager.default.moveItem(atPath: site.root + "/in-the-way", toPath: inTheWay)
        let session = BuildSession(options: site.options)
        let first = try session.build()
        #expect(!first.warnings.contains { $0.message.contains("could not be saved") }, "saved after it returned")
        let warning = try #require(session.finishSaving())
        #expect(warning.stage == .publish && warning.message.contains(".sitegen-cache: a file is in the way"))
        #expect(session.finishSaving() == nil, "given once")
        try site.write(["a.md": "A, edited\n"], under: "site")
        let second = try session.build(changed: [site.root + "/site/a.md"])
        #expect(!second.warnings.contains { $0.message.contains("could not be saved") })
        // The third build waits for the second's save, which fails, before its first stage starts; then the file in
        // the way goes, and the third build saves: it gives the second's warning and records none.
        try site.write(["a.md": "A, edited again\n"], under: "site")
        let third = try session.build(changed: [site.root + "/site/a.md"]) { _ in
            try? FileManager.default.removeItem(atPath: inTheWay)
        }
        #expect(third.warnings.count { $0.message.contains("could not be saved") } == 1, "the second build's")
        #expect(site.output("a/index.html") == "<p>A, edited again</p>\n")
        #expect(session.finishSaving() == nil)
        let fourth = try session.build(changed: [])
        #expect(fourth.outputUnchanged && !fourth.warnings.contains { $0.message.contains("could not be saved") })
        let alone = try SiteBuilder.build(options: site.options)
        #expect(alone.reusedPageCount == alone.pageCount && alone.warnings.isEmpty, "the third build is in the cache")
    }

    @Test("A page whose sections and self are as they were is rendered again when its neighbour changes")
    func aNewNeighbourRendersAPageAgain() throws {
        let page = "{{page.title}} prev:{{#prev}}{{title}}{{/prev}} next:{{#next}}{{title}}{{/next}}"
        let site = try TestSite(
            pages: [
                "index.md": "", "a/index.md": "---\ntitle: A\n---\n", "a/one.md": "---\ntitle: One\nweight: 1\n---\n",
                "a/x/index.md": "---\ntitle: X\nweight: 2\n---\n", "a/x/deep.md": "---\ntitle: Deep\nweight: 1\n---\n",
                "a/z.md": "---\ntitle: Z\nweight: 3\n---\n",
            ],
            templates: ["page.mustache": page, "section.mustache": page])
        // Old enough that the build trusts their stamps, so that the pages stay the objects they were.
        try EditedSite.age(site.root + "/site")
        let session = BuildSession(options: site.options)
        _ = try session.build()
        // The pages a session keeps are those made from the build cache, as from its second build on.
        try site.write(["a/one.md": "---\ntitle: One\nweight: 1\n---\nEdited.\n"], under: "site")
        try EditedSite.age(site.root + "/site")
        _ = try session.build(changed: [site.root + "/site/a/one.md"])
        #expect(site.output("a/z/index.html") == "Z prev:Deep next:")
        // a/ and the home page list the same children: only the neighbours of z.md tell it to render again.
        try site.write(["a/x/later.md": "---\ntitle: Later\nweight: 2\n---\n"], under: "site")
        let report = try session.build(changed: [site.root + "/site/a/x/later.md"])
        #expect(site.output("a/z/index.html") == "Z prev:Later next:")
        // x/ lists no children in this theme: its page is rendered again as it was.
        #expect(
            Set(report.changedFiles)
                == ["a/x/later/index.html", "a/x/deep/index.html", "a/z/index.html", ".sitegen/access.json"])
        // The template changed: every key is made again.
        try site.write(["page.mustache": "[" + page + "]"], under: "templates")
        _ = try session.build(changed: [])
        #expect(site.output("a/one/index.html") == "[One prev:A next:X]")
    }

    @Test("A README beside an index.md is a page in a Jekyll source, and a second section page once the site is none")
    func aReadmeBesideAnIndexFollowsWhatTheSiteIs() throws {
        let site = try TestSite(pages: [
            "_config.yml": "title: Docs\n", "index.md": "", "guide/index.md": "# Guide\n",
            "guide/readme.md": "# Read\n",
        ])
        try EditedSite.age(site.root + "/site")
        let session = BuildSession(options: site.options)
        _ = try session.build()
        #expect(site.output("guide/readme/index.html") != nil, "a page of its own, as Jekyll publishes it")
        // The same files, folders and section pages: only what the site is tells the README what it is now.
        try FileManager.default.removeItem(atPath: site.root + "/site/_config.yml")
        let failure = try #require(throws: BuildFailure.self) {
            try session.build(changed: [site.root + "/site/_config.yml"])
        }
        #expect(failure.errors.contains { $0.message.contains("are the section page of 'guide'") })
    }

    @Test("In a session, snippets auto_append names from now on end the pages taken as they were")
    func autoAppendAddedInASession() throws {
        let site = try TestSite(pages: [:])
        let mkdocs = "site_name: Docs\nmarkdown_extensions:\n  - abbr\n  - pymdownx.snippets:\n      base_path: .\n"
        try site.write(
            [
                "mkdocs.yml": mkdocs, "docs/index.md": "Sign in with SSO.\n", "docs/guide.md": "SSO, then on.\n",
                "includes/abbreviations.md": "*[SSO]: Single sign-on\n",
            ], under: "")
        try EditedSite.age(site.root)
        var options = site.options
        options.siteFolder = site.root + "/docs"
        let session = BuildSession(options: options)
        _ = try session.build()
        // A page added: the others are made from the cache's summaries, and the session keeps them so.
        try site.write(["docs/other.md": "Other.\n"], under: "")
        _ = try session.build(changed: [site.root + "/docs/other.md"])
        #expect(site.output("index.html") == "<p>Sign in with SSO.</p>\n")
        try site.write(["mkdocs.yml": mkdocs + "      auto_append: [includes/abbreviations.md]\n"], under: "")
        _ = try session.build(changed: [site.root + "/mkdocs.yml"])
        #expect(site.output("index.html") == "<p>Sign in with <abbr title=\"Single sign-on\">SSO</abbr>.</p>\n")
        #expect(site.output("guide/index.html")?.contains("<abbr title=\"Single sign-on\">SSO</abbr>") == true)
    }
}
