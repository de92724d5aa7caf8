import Foundation
import Testing

@testable import SiteBuilder

/// A `BuildSession` finds each page's file among those its last build published by the page's position, rather than
/// looking its path up in the record (`RenderPages.Kept`).
@Suite("The pages' files a session published")
struct PublishedPageFilesTests {
    @Test("A session takes its last build's files only while the record is that build's")
    func onlyWhileTheRecordIsTheSessions() throws {
        let site = try TestSite(pages: ["index.md": "", "a.md": "A\n", "b.md": "B\n"])
        try EditedSite.age(site.root + "/site")
        let session = BuildSession(options: site.options)
        _ = try session.build()
        session.finishSaving()
        // Spoiled by hand, then made again by a build of another process: the file is another, its bytes the same.
        let page = site.options.outputFolder + "/a/index.html"
        try site.write(Data("spoiled".utf8), to: page)
        _ = try SiteBuilder.build(options: site.options)
        let restored = try #require(FileStamp.of(page))
        #expect(site.output("a/index.html") == "<p>A</p>\n")
        try site.write(["b.md": "B, edited\n"], under: "site")
        let report = try session.build(changed: [site.root + "/site/b.md"])
        session.finishSaving()
        #expect(report.changedFiles == ["b/index.html"])
        // The session's record lists the file as it is, not as the session's last build published it.
        let record = try #require(BuildCache(outputFolder: site.options.outputFolder).loadRecord())
        #expect(record.files["a/index.html"]?.stamp == restored)
        // And a build after it finds the output as recorded: nothing to do.
        #expect(try SiteBuilder.build(options: site.options).manifest == nil)
    }

    @Test("A page a build of another process made from other templates is rendered again, its key as before or not")
    func anotherProcessMadeItOtherwise() throws {
        let site = try TestSite(pages: ["index.md": "", "a.md": "A\n"])
        try EditedSite.age(site.root + "/site")
        let session = BuildSession(options: site.options)
        _ = try session.build()
        session.finishSaving()
        let page = TestSite.contentOnlyTemplates["page.mustache"] ?? ""
        try site.write(["page.mustache": page.replacing("{{{page.content_html}}}", with: "other")], under: "templates")
        _ = try SiteBuilder.build(options: site.options)
        #expect(site.output("a/index.html") == "other")
        // The templates are as the session's last build had them again: so is its key for the page, not the file.
        try site.write(["page.mustache": page], under: "templates")
        _ = try session.build(changed: nil)
        #expect(site.output("a/index.html") == "<p>A</p>\n")
    }

    @Test("A session's next build keeps every page it did not change, by position, as the pages move")
    func keptByPosition() throws {
        let site = try TestSite(pages: ["index.md": "", "a/one.md": "One\n", "a/three.md": "Three\n", "b.md": "B\n"])
        try EditedSite.age(site.root + "/site")
        let session = BuildSession(options: site.options)
        _ = try session.build()
        let stamps = ["a/three/index.html", "b/index.html"].map { FileStamp.of(site.options.outputFolder + "/" + $0) }
        try site.write(["a/two.md": "Two\n"], under: "site")
        let report = try session.build(changed: [site.root + "/site/a/two.md"])
        session.finishSaving()
        #expect(report.changedFiles.contains("a/two/index.html"))
        #expect(!report.changedFiles.contains("b/index.html"))
        #expect(
            ["a/three/index.html", "b/index.html"].map { FileStamp.of(site.options.outputFolder + "/" + $0) } == stamps)
        let record = try #require(BuildCache(outputFolder: site.options.outputFolder).loadRecord())
        for path in ["a/three/index.html", "b/index.html", "a/two/index.html"] {
            #expect(record.files[path]?.stamp == FileStamp.of(site.options.outputFolder + "/" + path), "\(path)")
        }
    }
}
