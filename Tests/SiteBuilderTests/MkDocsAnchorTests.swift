import Foundation
import Testing

@testable import SiteBuilder

/// Links written for MkDocs name headings by MkDocs's ids, which differ from the GitHub ones headings keep
/// for some texts: such a link leads to its heading, written with the heading's id.
@Suite("Anchors written with MkDocs's ids")
struct MkDocsAnchorTests {
    private static let setup = """
        ## Set up -- nginx

        [here](#set-up-nginx)

        ## Ünïcode headings

        ## Intro

        ## Intro

        ## Plain words
        """

    @Test("A fragment naming a heading by MkDocs's id resolves and is rewritten to the heading's id")
    func mkdocsAnchorsResolve() throws {
        let site = try TestSite(pages: [
            "index.md": "",
            "guide/setup.md": Self.setup,
            "guide/links.md": """
            [a](setup.md#set-up-nginx) [b](setup.md#unicode-headings) [c](setup.md#intro_1)
            [d](setup.md#plain-words) [e](setup.md#set-up----nginx)
            <a href="setup.md#unicode-headings">f</a>
            """,
        ])
        let report = try site.build()
        #expect(report.warnings.isEmpty)
        #expect(
            site.output("guide/links/index.html") == """
                <p><a href="/guide/setup/#set-up----nginx">a</a> \
                <a href="/guide/setup/#%C3%BCn%C3%AFcode-headings">b</a> <a href="/guide/setup/#intro-1">c</a>
                <a href="/guide/setup/#plain-words">d</a> <a href="/guide/setup/#set-up----nginx">e</a>
                <a href="/guide/setup/#%C3%BCn%C3%AFcode-headings">f</a></p>

                """)
        #expect(
            site.output("guide/setup/index.html")?.hasPrefix(
                "<h2 id=\"set-up----nginx\">Set up -- nginx</h2>\n<p><a href=\"#set-up----nginx\">here</a></p>\n"
                    + "<h2 id=\"ünïcode-headings\">Ünïcode headings</h2>\n") == true)
    }

    @Test("An anchor that names no heading, by either id, is still a broken link naming file:line")
    func unknownAnchorsStayBroken() throws {
        let site = try TestSite(pages: [
            "index.md": "", "guide/setup.md": Self.setup,
            "guide/links.md": "Text.\n\n[a](setup.md#set-up-apache) [b](#set-up-nginx) [c](setup.md#intro_2)\n",
        ])
        #expect(
            site.buildErrors() == [
                "site/guide/links.md:3: link: 'setup.md#set-up-apache': the page has no heading '#set-up-apache'",
                "site/guide/links.md:3: link: no heading '#set-up-nginx' on this page",
                "site/guide/links.md:3: link: 'setup.md#intro_2': the page has no heading '#intro_2'",
            ])
    }

    @Test("A rebuild follows the target's headings: the same link is written with the id they give it now")
    func rebuildsFollowTheTarget() throws {
        let site = try TestSite(pages: ["index.md": "[x](b.md#set-up-nginx)\n", "b.md": "## Set up -- nginx\n"])
        func link() -> String? { site.output("index.html") }
        try site.build()
        #expect(link() == "<p><a href=\"/b/#set-up----nginx\">x</a></p>\n")
        for (heading, id) in [("Set up nginx", "set-up-nginx"), ("Set up - nginx", "set-up---nginx")] {
            try site.write(["b.md": "## \(heading)\n"], under: "site")
            try site.build()
            #expect(link() == "<p><a href=\"/b/#\(id)\">x</a></p>\n", "\(heading)")
            let incremental = site.outputFiles()
            try FileManager.default.removeItem(atPath: site.root + "/public")
            try FileManager.default.removeItem(atPath: site.root + "/.sitegen-cache")
            try site.build()
            #expect(site.outputFiles() == incremental, "\(heading)")
        }
        try site.write(["b.md": "## Set up apache\n"], under: "site")
        #expect(
            site.buildErrors() == [
                "site/index.md:1: link: 'b.md#set-up-nginx': the page has no heading '#set-up-nginx'"
            ])
    }

    @Test("In a session, a page added beside an edit leaves the links into the edited page followed")
    func sessionFollowsAnEditBesideAnAddedPage() throws {
        let site = try TestSite(pages: [
            "index.md": "[x](b.md#set-up-nginx)\n", "b.md": "## Set up -- nginx\n", "c.md": "C\n",
        ])
        try EditedSite.age(site.root + "/site")
        let session = BuildSession(options: site.options)
        _ = try session.build()
        #expect(site.output("index.html") == "<p><a href=\"/b/#set-up----nginx\">x</a></p>\n")
        // The added page is sorted before the edited one: the link targets differ from it on.
        try site.write(["a-new.md": "## Set up -- nginx\n", "b.md": "## Set up - nginx\n"], under: "site")
        _ = try session.build(changed: [site.root + "/site/a-new.md", site.root + "/site/b.md"])
        #expect(site.output("index.html") == "<p><a href=\"/b/#set-up---nginx\">x</a></p>\n")
        #expect(site.output("c/index.html") == "<p>C</p>\n")
    }

    @Test("MkDocs's slugs: NFKD, ASCII word characters, spaces and '-' kept, ends stripped, runs made one '-'")
    func slugs() {
        #expect(MkDocsIDs.slug("Set up -- nginx") == "set-up-nginx")
        #expect(MkDocsIDs.slug("Ünïcode headings") == "unicode-headings")
        #expect(MkDocsIDs.slug("C++ & Swift_6 — ok?") == "c-swift_6-ok")
        #expect(MkDocsIDs.slug("Hello !") == "hello")
        #expect(MkDocsIDs.slug("-flag -") == "-flag-")
        #expect(MkDocsIDs.slug("ﬁle Ⅻ\tnow") == "file-xii-now")
        #expect(MkDocsIDs.slug("はじめに") == "")
        #expect(MkDocsIDs.agrees("plain-words", text: "Plain words"))
        #expect(!MkDocsIDs.agrees("a--b", text: "a  b") && !MkDocsIDs.agrees("hello-", text: "Hello !"))
    }

    @Test("MkDocs's ids are unique as Python-Markdown makes them: _1, _2, a number at the end raised, ids written kept")
    func uniqueIDs() {
        let texts = ["Intro", "Intro", "Intro_1", "はじめに", "日本語", "Step", "Other"]
        var headings = texts.map { Heading(level: 2, text: $0) }
        headings[6].writtenID = "step"
        let (ids, mkdocs) = HeadingIDs.ids(for: headings)
        #expect(ids == ["intro", "intro-1", "intro_1", "はじめに", "日本語", "step-1", "step"])
        #expect(mkdocs == ["intro_1": "intro-1", "intro_2": "intro_1", "_1": "はじめに", "_2": "日本語", "step_1": "step-1"])
        #expect(HeadingIDs.ids(for: ["Plain", "Words"].map { Heading(level: 2, text: $0) }).mkdocs.isEmpty)
    }
}
