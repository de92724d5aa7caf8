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
    @Test("After every random edit, the incremental output is byte-identical to a clean build's")
    func randomEditsMatchCleanBuilds() throws {
        let environment = ProcessInfo.processInfo.environment
        let steps = environment["SITEGEN_PROPERTY_STEPS"].flatMap(Int.init) ?? 40
        let seed = environment["SITEGEN_PROPERTY_SEED"].flatMap(UInt64.init) ?? 1
        var site = try EditedSite(seed: seed)
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

/// A small site under random edits: pages in nested sections with titles, weights, access rules,
/// descriptions, aliases, drafts, headings and links between them, built with the default theme.
struct EditedSite {
    private var random: SplitMix64
    private let site: TestSite
    private var pages: [String: PageModel] = [:]
    private var templates: [String: String] = [:]
    private var siteTitle = "Handbook"
    /// Every file the test writes gets a modification time of its own, far in the past, so the build
    /// trusts the stamps of files the test did not touch; some edits keep the current time instead.
    private var clock = 1_000_000_000
    private var lastOutput: [String: Data] = [:]
    private var broken: String?

    init(seed: UInt64) throws {
        random = SplitMix64(seed: seed)
        site = try TestSite(pages: [:], templates: [:])
        for file in try FileManager.default.subpathsOfDirectory(atPath: TestSite.defaultTheme) {
            let path = TestSite.defaultTheme + "/" + file
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                let data = FileManager.default.contents(atPath: path)
            else { continue }
            if file.hasSuffix(".mustache") { templates[file] = String(decoding: data, as: UTF8.self) }
            try write(data, to: "templates/" + file)
        }
        let initial = [
            "index.md", "guide/index.md", "guide/setup.md", "guide/proxy.md", "guide/deep/one.md",
            "reference/index.md", "reference/config.md", "reference/cli.md", "faq.md",
        ]
        for path in initial { pages[path] = PageModel.random(using: &random) }
        pages["index.md"]?.draft = false
        for path in initial where random.next(below: 2) == 0 {
            let link = PageModel.randomLink(using: &random, from: path, to: initial, pages: pages)
            pages[path]?.links.append(link)
        }
        for path in initial { try writePage(path) }
        try writeConfig()
        try write(Data("logo".utf8), to: "site/guide/logo.png")
    }

    /// Applies one random edit and says what it was.
    /// How many kinds of edit `edit(kind:)` makes.
    static let editKinds = 16

    /// Makes the edit of `kind` (`0..<editKinds`), or of a kind drawn at random.
    mutating func edit(kind: Int? = nil) throws -> String {
        let paths = pages.keys.sorted()
        let path = paths[random.next(below: paths.count)]
        switch kind ?? random.next(below: Self.editKinds) {
        case 0, 1:
            pages[path]?.paragraphs.append(random.sentence())
            try writePage(path)
            return "body of \(path)"
        case 2:
            pages[path]?.headings = (0..<random.next(below: 4)).map { _ in random.words(2) }
            try writePage(path)
            return "headings of \(path)"
        case 3:
            pages[path]?.title = random.next(below: 4) == 0 ? nil : random.words(2).capitalized
            try writePage(path)
            return "title of \(path)"
        case 4:
            pages[path]?.weight = random.next(below: 3) == 0 ? nil : random.next(below: 5)
            try writePage(path)
            return "weight of \(path)"
        case 5:
            pages[path]?.access = PageModel.randomAccess(using: &random)
            try writePage(path)
            return "access of \(path)"
        case 6, 7:
            let folders = ["", "guide", "guide/deep", "reference", "reference/api", "extra"]
            let folder = folders[random.next(below: folders.count)]
            let name = random.next(below: 5) == 0 ? "index.md" : random.words(1) + ".md"
            let newPath = folder.isEmpty ? name : folder + "/" + name
            pages[newPath] = PageModel.random(using: &random)
            try writePage(newPath)
            return "new page \(newPath)"
        case 8:
            let deletable = paths.filter { $0 != "index.md" }
            guard !deletable.isEmpty else { return "nothing" }
            let victim = deletable[random.next(below: deletable.count)]
            pages[victim] = nil
            try FileManager.default.removeItem(atPath: site.root + "/site/" + victim)
            return "deleted \(victim)"
        case 9, 10:
            let names = templates.keys.sorted()
            let name = names[random.next(below: names.count)]
            let marker = "<!-- edit \(random.next(below: 1000)) -->"
            templates[name] =
                random.next(below: 2) == 0 ? marker + (templates[name] ?? "") : (templates[name] ?? "") + marker
            try write(Data((templates[name] ?? "").utf8), to: "templates/" + name)
            return "template \(name)"
        case 11:
            let link = PageModel.randomLink(using: &random, from: path, to: paths, pages: pages)
            pages[path]?.links.append(link)
            try writePage(path)
            return "link in \(path)"
        case 12:
            pages[path]?.description = random.next(below: 3) == 0 ? nil : random.sentence()
            pages[path]?.date =
                random.next(below: 3) == 0 ? nil : "2026-0\(1 + random.next(below: 9))-1\(random.next(below: 10))"
            pages[path]?.aliases = random.next(below: 3) == 0 ? ["/old/" + random.words(1) + "/"] : []
            try writePage(path)
            return "description, date and aliases of \(path)"
        case 13:
            pages[path]?.draft.toggle()
            if path == "index.md" { pages[path]?.draft = false }
            try writePage(path)
            return "draft flag of \(path)"
        case 14:
            siteTitle = random.words(1).capitalized
            try writeConfig()
            return "site.toml"
        default:
            let asset = "site/guide/logo.png"
            if random.next(below: 2) == 0, FileManager.default.fileExists(atPath: site.root + "/" + asset) {
                try FileManager.default.removeItem(atPath: site.root + "/" + asset)
                return "deleted the asset"
            }
            try write(Data(random.words(3).utf8), to: asset)
            return "asset"
        }
    }

    /// Now and then writes a mistake into a page (the builds must then fail alike and publish nothing),
    /// for `repair()` to undo after the check.
    mutating func breakAtRandom() throws -> String? {
        guard random.next(below: 6) == 0 else { return nil }
        let paths = pages.keys.sorted()
        let path = paths[random.next(below: paths.count)]
        broken = path
        try write(Data("---\nweight: heavy\n---\n# Broken\n".utf8), to: "site/" + path)
        return "a mistake in \(path)"
    }

    mutating func repair() throws {
        if let broken { try writePage(broken) }
        broken = nil
    }

    /// Builds incrementally into `public/` and from nothing into `clean/`; both must agree on the errors,
    /// warnings and every byte of output, and a failed build must leave the output as it was.
    mutating func checkBuildsAgree(after edit: String) throws {
        var options = site.options
        options.brokenLinksAreWarnings = true
        // With the search index, as `sitegen build` runs by default, in shards of a few pages each.
        options.buildsSearchIndex = true
        options.searchPagesPerShard = 4
        var clean = options
        clean.outputFolder = site.root + "/clean"
        try? FileManager.default.removeItem(atPath: clean.outputFolder)
        for cache in ["clean.txt", "clean.pages", "clean.search"] {
            try? FileManager.default.removeItem(atPath: site.root + "/.sitegen-cache/" + cache)
        }
        let incremental = Result { () throws(BuildFailure) in try SiteBuilder.build(options: options) }
        let full = Result { () throws(BuildFailure) in try SiteBuilder.build(options: clean) }
        switch (incremental, full) {
        case (.success(let report), .success(let fullReport)):
            let output = files(in: options.outputFolder)
            let expected = files(in: clean.outputFolder)
            #expect(output.keys.sorted() == expected.keys.sorted(), "after \(edit)")
            for (path, data) in expected where output[path] != data {
                Issue.record("after \(edit): \(path) differs from a clean build's")
            }
            #expect(report.warnings.map(\.description) == fullReport.warnings.map(\.description), "after \(edit)")
            let changed = Set(output.keys).union(lastOutput.keys).filter { output[$0] != lastOutput[$0] }
            #expect(Set(report.changedFiles) == changed, "after \(edit)")
            let record = BuildCache(outputFolder: options.outputFolder).loadRecord()
            let fullRecord = BuildCache(outputFolder: clean.outputFolder).loadRecord()
            #expect(record?.files.mapValues(\.key) == fullRecord?.files.mapValues(\.key), "after \(edit)")
            #expect(record?.inputs.mapValues(\.digest) == fullRecord?.inputs.mapValues(\.digest), "after \(edit)")
            // The record, appended to after most edits, holds every output file as it is on disk.
            #expect(record?.files.mapValues(\.stamp) == OutputTree.files(in: options.outputFolder), "after \(edit)")
            lastOutput = output
        case (.failure(let failure), .failure(let fullFailure)):
            #expect(failure.errors == fullFailure.errors, "after \(edit)")
            #expect(files(in: options.outputFolder) == lastOutput, "after \(edit): a failed build changed the output")
        case (.success, .failure(let failure)), (.failure(let failure), .success):
            Issue.record("after \(edit): only one build failed: \(failure)")
        }
    }

    private func files(in folder: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for path in (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? [] {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                files[path] = FileManager.default.contents(atPath: folder + "/" + path)
            }
        }
        return files
    }

    private mutating func writePage(_ path: String) throws {
        guard let page = pages[path] else { return }
        try write(Data(page.markdown.utf8), to: "site/" + path)
    }

    private mutating func writeConfig() throws {
        let config = """
            title = "\(siteTitle)"
            base_url = "https://docs.example.com/"
            footer = "Run by *ops*"
            nav = ["guide"]

            """
        try write(Data(config.utf8), to: "site/site.toml")
    }

    private mutating func write(_ data: Data, to path: String) throws {
        try site.write(data, to: path)
        guard random.next(below: 5) != 0 else { return }
        clock += 1
        try Self.setModified(site.root + "/" + path, nanoseconds: clock * 1_000_000_000)
    }

    static func setModified(_ path: String, nanoseconds: Int) throws {
        let time = timespec(tv_sec: nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
        let times = [time, time]
        guard utimensat(AT_FDCWD, path, times, 0) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Gives every file below `folder` a modification time well before now, so the next build trusts it.
    static func age(_ folder: String) throws {
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder) {
            try setModified(folder + "/" + path, nanoseconds: 1_000_000_000_000_000_000)
        }
    }
}

/// One page as the test writes it.
private struct PageModel {
    var title: String?
    var weight: Int?
    var access: String?
    var description: String?
    var date: String?
    var aliases: [String] = []
    var draft = false
    var headings: [String] = []
    var paragraphs: [String] = []
    var links: [String] = []

    var markdown: String {
        var lines = ["---"]
        if let title { lines.append("title: \(title)") }
        if let weight { lines.append("weight: \(weight)") }
        if let access { lines.append("access: \(access)") }
        if let description { lines.append("description: \(description)") }
        if let date { lines.append("date: \(date)") }
        if !aliases.isEmpty { lines.append("aliases: [\(aliases.joined(separator: ", "))]") }
        if draft { lines.append("draft: true") }
        lines += ["---", ""]
        if let title, paragraphs.count % 2 == 1 { lines += ["# \(title)", ""] }
        for (number, paragraph) in paragraphs.enumerated() {
            lines += [paragraph, ""]
            if number < headings.count { lines += ["## \(headings[number])", ""] }
        }
        for link in links { lines += ["See [there](\(link)).", ""] }
        return lines.joined(separator: "\n")
    }

    static func random(using random: inout SplitMix64) -> PageModel {
        var page = PageModel()
        page.title = random.next(below: 3) == 0 ? nil : random.words(2).capitalized
        page.weight = random.next(below: 2) == 0 ? nil : random.next(below: 5)
        page.access = random.next(below: 3) == 0 ? randomAccess(using: &random) : nil
        page.draft = random.next(below: 8) == 0
        page.headings = (0..<random.next(below: 3)).map { _ in random.words(2) }
        page.paragraphs = (0..<1 + random.next(below: 3)).map { _ in random.sentence() }
        return page
    }

    static func randomAccess(using random: inout SplitMix64) -> String? {
        [
            "public", "signed-in", "{ roles: [Finance.Read] }", "{ groups: [5f1c2e4a-0b6d-4c8e-9f1a-2b3c4d5e6f70] }",
            nil,
        ][random.next(below: 5)]
    }

    /// A relative link from `path` to another page, to one of its headings half of the time.
    static func randomLink(
        using random: inout SplitMix64, from path: String, to paths: [String], pages: [String: PageModel]
    ) -> String {
        let target = paths[random.next(below: paths.count)]
        let depth = path.split(separator: "/").count - 1
        let relative = String(repeating: "../", count: depth) + target
        guard random.next(below: 2) == 0, let heading = pages[target]?.headings.first else { return relative }
        return relative + "#" + HeadingIDs.slug(heading)
    }
}

/// A small seeded random number generator, the same on every platform.
private struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    private static let vocabulary = [
        "proxy", "setup", "cache", "token", "route", "policy", "volume", "tenant", "backup", "deploy", "ledger",
        "signal", "report", "access", "finance", "install",
    ]

    mutating func words(_ count: Int) -> String {
        (0..<count).map { _ in Self.vocabulary[next(below: Self.vocabulary.count)] }.joined(separator: " ")
    }

    mutating func sentence() -> String {
        words(1).capitalized + " " + words(3 + next(below: 6)) + "."
    }
}
