import Foundation
import Testing

@testable import SiteBuilder

/// The property behind incremental builds: after any sequence of edits, a build that reuses the last
/// build's cache and output publishes exactly what a clean build of the same files publishes.
///
/// Runs a fixed seed for a few dozen edits; for a longer run, set for example
/// `SITEGEN_PROPERTY_STEPS=2000 SITEGEN_PROPERTY_SEED=7 swift test --filter IncrementalBuildTests`.
@Suite("Incremental builds")
struct IncrementalBuildTests {
    @Test(
        "After every random edit, the incremental output is byte-identical to a clean build's, built alone or in a session",
        arguments: [false, true])
    func randomEditsMatchCleanBuilds(inSession: Bool) throws {
        let environment = ProcessInfo.processInfo.environment
        let steps = environment["SITEGEN_PROPERTY_STEPS"].flatMap(Int.init) ?? 40
        let seed = environment["SITEGEN_PROPERTY_SEED"].flatMap(UInt64.init) ?? 1
        var site = try EditedSite(seed: seed, inSession: inSession)
        try site.checkBuildsAgree(after: "the first build")
        for step in 1...max(steps, EditedSite.editKinds) {
            // Each kind of edit once first, in an order the seed turns, so no kind depends on the draw.
            let kind = step <= EditedSite.editKinds ? (step - 1 + Int(seed % 16)) % EditedSite.editKinds : nil
            let edit = try site.edit(kind: kind)
            try site.checkBuildsAgree(after: "step \(step) (seed \(seed)): \(edit)")
            if let broken = try site.breakAtRandom() {
                try site.checkBuildsAgree(after: "step \(step) (seed \(seed)): \(broken)")
                try site.repair()
                try site.checkBuildsAgree(after: "step \(step) (seed \(seed)): repairing \(broken)")
            }
        }
    }

    @Test("A file rewritten within its stamp's clock tick, with the same size, is still noticed")
    func racyEditIsNoticed() throws {
        let site = try TestSite(pages: ["index.md": "", "a.md": "First text.\n"])
        try site.build()
        let path = site.root + "/site/a.md"
        let stamp = try #require(FileStamp.of(path))
        try site.write(["a.md": "Other text.\n"], under: "site")
        try EditedSite.setModified(path, nanoseconds: stamp.modified)
        #expect(FileStamp.of(path) == stamp)
        try site.build()
        #expect(site.output("a/index.html") == "<p>Other text.</p>\n")
    }

    @Test("An unchanged page is neither parsed nor rendered again; an edited one is, alone")
    func onlyTheEditedPageIsRendered() throws {
        let site = try TestSite(pages: ["index.md": "", "a.md": "A\n", "b.md": "B\n", "c/d.md": "D\n"])
        try site.build()
        try EditedSite.age(site.root + "/site")
        try site.build()
        try site.write(["b.md": "B, edited\n"], under: "site")
        let report = try site.build()
        #expect(report.reusedPageCount == report.pageCount - 1)
        #expect(report.changedFiles == ["b/index.html"])
        #expect(site.output("b/index.html") == "<p>B, edited</p>\n")
    }

    @Test(
        "A change to what other pages show of a page (title, description, date, rule) renders them again, as a clean build would",
        arguments: [
            "title: Renamed", "description: Now described", "date: 2026-03-04", "access: { roles: [Finance.Read] }",
        ])
    func whatOthersShowIsFollowed(change: String) throws {
        var templates = TestSite.contentOnlyTemplates
        let card = "{{title}}|{{url}}|{{description}}|{{date_display}}|{{access_rule}}|{{is_section}}"
        templates["section.mustache"] = "{{#section_pages}}" + card + ";{{/section_pages}}"
        templates["page.mustache"] = "{{#prev}}{{title}}|{{access_rule}}{{/prev}}<{{#next}}{{title}}{{/next}}"
        func page(_ fields: [String]) -> String { "---\n" + fields.joined(separator: "\n") + "\n---\n" }
        let before = ["title: D", "date: 2026-01-02"]
        let site = try TestSite(
            pages: [
                "index.md": "", "c/index.md": "", "c/a.md": page(["title: A"]), "c/d.md": page(before),
                "c/e.md": page(["title: E"]),
            ], templates: templates)
        try site.build()
        try EditedSite.age(site.root + "/site")
        try site.build()
        let key = change.prefix { $0 != ":" }
        try site.write(["c/d.md": page(before.filter { !$0.hasPrefix(key + ":") } + [change])], under: "site")
        let report = try site.build()
        #expect(report.changedFiles.contains("c/index.html"))
        let incremental = site.outputFiles()
        try FileManager.default.removeItem(atPath: site.root + "/public")
        try FileManager.default.removeItem(atPath: site.root + "/.sitegen-cache")
        try site.build()
        #expect(site.outputFiles() == incremental)
    }

    @Test("After a one-page edit, the page store is appended to, not rewritten")
    func pageStoreIsAppendedTo() throws {
        let site = try TestSite(pages: ["index.md": "", "a.md": "A\n", "b.md": "B\n"])
        try site.build()
        let file = site.root + "/.sitegen-cache/public.pages"
        let before = try FileManager.default.attributesOfItem(atPath: file)
        try site.write(["b.md": "B, edited\n"], under: "site")
        try site.build()
        let after = try FileManager.default.attributesOfItem(atPath: file)
        #expect(after[.systemFileNumber] as? Int == before[.systemFileNumber] as? Int)
        #expect((after[.size] as? Int ?? 0) > (before[.size] as? Int ?? 0))
    }

    @Test("After a one-page edit, the record gains the lines of that build alone; a damaged record is written afresh")
    func recordIsAppendedTo() throws {
        let site = try TestSite(pages: ["index.md": "", "a.md": "A\n", "b.md": "B\n", "c.md": "C\n"])
        try site.build()
        let file = site.root + "/.sitegen-cache/public.txt"
        let first = try String(contentsOfFile: file, encoding: .utf8)
        try site.write(["b.md": "B, edited\n"], under: "site")
        try site.build()
        let second = try String(contentsOfFile: file, encoding: .utf8)
        #expect(second.hasPrefix(first))
        let appended = second.dropFirst(first.count)
        #expect(appended.hasPrefix("build\n") && appended.hasSuffix("end\n"))
        #expect(appended.contains("site/b.md\n") && appended.contains("b/index.html\n"))
        #expect(!appended.contains("site/a.md\n") && !appended.contains("c/index.html\n"))
        #expect(BuildCache(outputFolder: site.root + "/public").loadRecord()?.files["b/index.html"] != nil)
        try Data((second + "\n").utf8).write(to: URL(fileURLWithPath: file))
        try site.write(["c.md": "C, edited\n"], under: "site")
        try site.build()
        let third = try String(contentsOfFile: file, encoding: .utf8)
        #expect(third.components(separatedBy: "\nbuild\n").count == 2, "one build, written afresh")
        #expect(site.output("c/index.html")?.contains("C, edited") == true)
    }

    @Test("A deleted page's file, its alias and its emptied folders leave the output")
    func deletedPageLeavesNoTrace() throws {
        let site = try TestSite(pages: [
            "index.md": "", "a/b/c.md": "---\naliases: [/old/deep/path/]\n---\nC\n", "a/keep.md": "K\n",
        ])
        try site.build()
        #expect(site.output("old/deep/path/index.html") != nil)
        try site.remove("site/a/b/c.md")
        let report = try site.build()
        #expect(report.changedFiles.contains("a/b/c/index.html"))
        #expect(site.outputFiles()["a/b/c/index.html"] == nil && site.outputFiles()["a/b/index.html"] == nil)
        for folder in ["a/b", "old"] {
            #expect(!FileManager.default.fileExists(atPath: site.root + "/public/" + folder))
        }
        #expect(site.output("a/keep/index.html") == "<p>K</p>\n")
    }

    @Test("A file where a folder must now go makes the build assemble the site beside the output and swap it in")
    func layoutChangeIsSwappedIn() throws {
        let site = try TestSite(pages: ["index.md": "", "guide": "an asset named like a folder"])
        try site.build()
        try site.remove("site/guide")
        try site.write(["guide/index.md": "# Guide\n\nText.\n"], under: "site")
        let report = try site.build()
        #expect(report.changedFiles.contains("guide") && report.changedFiles.contains("guide/index.html"))
        #expect(site.output("guide/index.html") == "<p>Text.</p>\n")
        #expect(try site.namesBesideOutput() == [".sitegen-cache", "public", "site", "templates"])
    }
}
