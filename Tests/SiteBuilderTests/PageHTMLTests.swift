import Foundation
import Testing

@testable import SiteBuilder

/// `PageHTML`, the one place a page's Markdown HTML comes from after "Render Markdown": the HTML that stage
/// made, or the page rendered again from its file; once for a page two stages may ask for, each time for any
/// other.
@Suite("A page's HTML from one provider")
struct PageHTMLTests {
    private static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("page-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.path
    }

    /// A provider of one page, `walrus.md` in `folder`, whose summary names `digest` as its HTML's.
    private static func provider(
        _ folder: String, html: String? = nil, shared: Set<Int>, digest: SHA256.Digest = SHA256.digest([]),
        rendered: RenderedHTML? = nil
    ) -> PageHTML {
        var markdown = MarkdownSummary()
        markdown.contentDigest = digest
        let page = Page(
            source: PageSource(kind: .page, path: "walrus.md", folder: ""), url: "/walrus/",
            frontMatter: FrontMatter(), fileDigest: "d", title: "Walrus", markdown: markdown, html: html)
        let resolver = LinkResolver(index: LinkIndex(pages: [], drafts: [], inputs: .init(assets: [], rootURL: "/")))
        let bodies = PageBodies(
            resolver: resolver, display: DisplayPaths(siteFolder: folder, templatesFolder: folder),
            includes: IncludedFiles(siteFolder: folder, previous: nil))
        return PageHTML(pages: [page], bodies: bodies, shared: shared, rendered: rendered)
    }

    private static func write(_ text: String, in folder: String) throws {
        try text.write(toFile: folder + "/walrus.md", atomically: true, encoding: .utf8)
    }

    @Test("A page both stages may ask for is rendered once: the second asker gets the first rendering")
    func sharedPageIsRenderedOnce() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write("---\ntitle: Walrus\n---\nEats krill.\n", in: folder)
        let html = Self.provider(folder, shared: [0])
        #expect(html.html(of: 0)?.contains("Eats krill.") == true)
        try Self.write("---\ntitle: Walrus\n---\nEats clams.\n", in: folder)
        #expect(html.html(of: 0)?.contains("Eats krill.") == true)
    }

    @Test("Any other page is rendered for each asker and not kept")
    func otherPageIsNotKept() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write("---\ntitle: Walrus\n---\nEats krill.\n", in: folder)
        let html = Self.provider(folder, shared: [])
        #expect(html.html(of: 0)?.contains("Eats krill.") == true)
        try Self.write("---\ntitle: Walrus\n---\nEats clams.\n", in: folder)
        #expect(html.html(of: 0)?.contains("Eats clams.") == true)
    }

    @Test("The HTML Render Markdown made is given as it is, without reading the file; an unreadable file gives nil")
    func renderedHTMLAndMissingFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(Self.provider(folder, html: "<p>made</p>", shared: [0]).html(of: 0) == "<p>made</p>")
        #expect(Self.provider(folder, shared: [0]).html(of: 0) == nil)
        #expect(Self.provider(folder, shared: []).html(of: 0) == nil)
    }

    @Test("A session takes the HTML it kept under the digest a page's summary names, and renders any other page")
    func sessionTakesKeptHTML() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write("---\ntitle: Walrus\n---\nEats krill.\n", in: folder)
        let kept = RenderedHTML()
        let krill = try #require(Self.provider(folder, shared: [], rendered: kept).html(of: 0))
        #expect(krill.contains("Eats krill."))
        try Self.write("---\ntitle: Walrus\n---\nEats clams.\n", in: folder)
        let taken = Self.provider(folder, shared: [], digest: SHA256.digest(krill), rendered: kept).html(of: 0)
        #expect(taken == krill, "the file is not read again")
        #expect(Self.provider(folder, shared: [], rendered: kept).html(of: 0)?.contains("Eats clams.") == true)
    }

    @Test("A session keeps at most a few pages' HTML: one more starts afresh")
    func keptHTMLIsBounded() {
        let kept = RenderedHTML()
        let first = SHA256.digest("<p>0</p>")
        for number in 0..<RenderedHTML.limit {
            kept.keep("<p>\(number)</p>", digest: SHA256.digest("<p>\(number)</p>"))
        }
        #expect(kept.html(digest: first) == "<p>0</p>")
        kept.keep("<p>more</p>", digest: SHA256.digest("<p>more</p>"))
        #expect(kept.html(digest: first) == nil)
        #expect(kept.html(digest: SHA256.digest("<p>more</p>")) == "<p>more</p>")
    }
}
