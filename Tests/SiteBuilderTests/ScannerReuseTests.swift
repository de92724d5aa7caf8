import Foundation
import Testing

@testable import SiteBuilder

/// A session's scan lists again the folder that holds a reported change, and asks the file system only of the files a
/// change names: the others keep the stamps the last scan gave them. Symbolic links are looked at again, and without
/// a report everything is.
@Suite("Scans that keep stamps")
struct ScannerReuseTests {
    private static func stamp(of path: String, in listing: ContentScanner.Listing) -> FileStamp? {
        listing.markdownFiles.firstIndex(of: path).flatMap { listing.markdownStamps[$0] }
    }

    @Test("A folder listed again keeps the stamps of the files no change names, and finds the file added")
    func unnamedFilesKeepTheirStamps() throws {
        let site = try TestSite(pages: ["index.md": "", "a/one.md": "One\n", "a/two.md": "Two\n"])
        let folder = site.root + "/site"
        let outside = site.root + "/outside.md"
        try "Outside\n".write(toFile: outside, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/a/linked.md", withDestinationPath: outside)
        let scanner = ContentScanner(siteFolder: folder)
        let first = try scanner.scan(reusing: nil, changes: ChangedPaths(nil))
        let before = try #require(Self.stamp(of: "a/two.md", in: first.listing))
        try site.write(["a/two.md": "Two, longer now\n", "a/three.md": "Three\n"], under: "site")
        try "Outside, longer now\n".write(toFile: outside, atomically: false, encoding: .utf8)

        let added = try scanner.scan(reusing: first.kept, changes: ChangedPaths(["a/three.md"]))
        #expect(added.listing.markdownFiles == ["a/linked.md", "a/one.md", "a/three.md", "a/two.md", "index.md"])
        #expect(Self.stamp(of: "a/two.md", in: added.listing) == before, "no change named it")
        #expect(Self.stamp(of: "a/three.md", in: added.listing)?.size == 6)
        #expect(Self.stamp(of: "a/linked.md", in: added.listing)?.size == 20, "a link is looked at again")

        let named = try scanner.scan(reusing: added.kept, changes: ChangedPaths(["a/two.md"]))
        #expect(Self.stamp(of: "a/two.md", in: named.listing)?.size == 16)
        let reported = try scanner.scan(reusing: added.kept, changes: ChangedPaths(["a"]))
        #expect(Self.stamp(of: "a/two.md", in: reported.listing)?.size == 16, "the folder itself was named")
        let unreported = try scanner.scan(reusing: added.kept, changes: ChangedPaths(nil))
        #expect(Self.stamp(of: "a/two.md", in: unreported.listing)?.size == 16, "without a report, all is read")
    }

    @Test("A name whose file became a folder, or a folder a file, is listed as it is now")
    func kindsChange() throws {
        let site = try TestSite(pages: ["index.md": "", "a/one.md": "One\n", "a/b/two.md": "Two\n"])
        let folder = site.root + "/site"
        let scanner = ContentScanner(siteFolder: folder)
        let first = try scanner.scan(reusing: nil, changes: ChangedPaths(nil))
        try FileManager.default.removeItem(atPath: folder + "/a/one.md")
        try FileManager.default.createDirectory(atPath: folder + "/a/one.md", withIntermediateDirectories: false)
        try "Four\n".write(toFile: folder + "/a/one.md/four.md", atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(atPath: folder + "/a/b")
        try "Bee\n".write(toFile: folder + "/a/b", atomically: false, encoding: .utf8)
        let next = try scanner.scan(reusing: first.kept, changes: ChangedPaths(["a/c.md"]))
        #expect(next.listing.markdownFiles == ["a/one.md/four.md", "index.md"])
        #expect(next.listing.assetFiles == ["a/b"])
    }
}
