import Foundation
import Testing

@testable import SiteBuilder

/// "Load content" lists each Markdown file's stamp beside its path, and the pages keep them in step however many
/// files leave the list before they become pages: a page with another file's stamp would be trusted unread, or read
/// when it need not be.
@Suite("Page stamps")
struct PageStampTests {
    /// The stamp each page's file has on disk, and the one "Load content" gave it, by path.
    private static func stamps(of site: TestSite) -> [String: (disk: FileStamp?, listed: FileStamp?)] {
        let display = DisplayPaths(siteFolder: site.root + "/site", templatesFolder: "")
        let log = BuildLog(plan: BuildStage.allCases, brokenLinksAreWarnings: false, progress: nil)
        let config = LoadConfig(display: display).run(log)
        let files = LoadContent(config: config, display: display, outputFolder: site.root + "/public").run(log)
        return Dictionary(
            uniqueKeysWithValues: files.pages.map { page in
                (page.source.path, (FileStamp.of(display.site(page.source.path)), page.stamp))
            })
    }

    @Test("Files a Jekyll exclude or a book's SUMMARY.md take out of the list leave every stamp with its file")
    func stampsStayWithTheirFiles() throws {
        // Different sizes, so that a stamp given to the wrong file shows.
        let site = try TestSite(pages: [
            "_config.yml": "exclude: [a.md, b/]\n", "a.md": "1", "b/c.md": "22", "b/d.md": "333", "e.md": "4444",
            "SUMMARY.md": "# Summary\n\n- [E](e.md)\n- [G](f/g.md)\n", "f/g.md": "55555", "f/index.md": "666666",
            "f/README.md": "7777777", "h.md": "88888888",
        ])
        let stamps = Self.stamps(of: site)
        #expect(Set(stamps.keys) == ["e.md", "f/g.md", "f/index.md", "f/README.md", "h.md"])
        for (path, stamp) in stamps {
            #expect(stamp.listed != nil && stamp.listed == stamp.disk, "\(path)")
        }
    }
}
