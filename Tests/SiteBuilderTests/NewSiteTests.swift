import Foundation
import Testing

@testable import SiteBuilder

@Suite("sitegen new")
struct NewSiteTests {
    @Test("A new site builds as it is, with the built-in theme, into the expected pages")
    func buildsAsItIs() throws {
        let site = try TestSite(pages: [:], templates: [:])
        let folder = site.root + "/handbook"
        let written = try SiteBuilder.createSite(in: folder)
        #expect(
            written.sorted() == [
                ".gitignore", "README.md", "site/guide/first-page.md", "site/guide/index.md", "site/index.md",
                "site/site.toml",
            ])
        let report = try SiteBuilder.build(
            options: BuildOptions(siteFolder: folder + "/site", outputFolder: folder + "/public"))
        #expect(report.pageCount == 3)
        #expect(report.warnings.isEmpty)
        let output = FileManager.default.enumerator(atPath: folder + "/public")?.allObjects as? [String] ?? []
        #expect(output.contains { $0.hasPrefix("_search/") && $0.hasSuffix("/0/index.json") }, "with search")
        let files = output.filter {
            !$0.hasSuffix("/") && !$0.hasPrefix("_search")
                && !["assets", "guide", "guide/first-page", "signed-out", ".sitegen"].contains($0)
        }
        #expect(
            files.sorted()
                == ([
                    ".sitegen/access.json", "403.html", "404.html", "guide/first-page/index.html", "guide/index.html",
                    "index.html", "signed-out/index.html",
                ] + TestSite.builtInAssets).sorted())
        let page = try #require(FileManager.default.contents(atPath: folder + "/public/guide/first-page/index.html"))
        let html = String(decoding: page, as: UTF8.self)
        #expect(html.contains("<title>First page · My site</title>"))
        #expect(html.contains("<a href=\"/\">back to the home page</a>"))
        #expect(html.contains("<footer class=\"site-footer\">"))
        #expect(
            FileManager.default.contents(atPath: folder + "/.gitignore").map { String(decoding: $0, as: UTF8.self) }?
                .contains("public/\n.sitegen-cache/\n") == true)
    }

    @Test("A folder that holds anything is refused and left as it was; a missing one is created")
    func refusesNonEmpty() throws {
        let site = try TestSite(pages: ["index.md": "# Mine\n"], templates: [:])
        do {
            try SiteBuilder.createSite(in: site.root)
            Issue.record("a non-empty folder was accepted")
        } catch {
            #expect(error.kind == .folderNotEmpty)
            #expect(
                error.description
                    == "'\(site.root)' is not empty (it holds site); give a new folder, e.g. sitegen new my-site")
        }
        #expect(try site.namesBesideOutput() == ["site"])
        try FileManager.default.createDirectory(atPath: site.root + "/empty", withIntermediateDirectories: false)
        #expect(try SiteBuilder.createSite(in: site.root + "/empty").count == 6)
        #expect(try SiteBuilder.createSite(in: site.root + "/new/nested").count == 6)
    }
}
