import AccessRules
import Testing

@testable import SiteBuilder

@Suite("Build cache files")
struct BuildCacheTests {
    @Test("The record reads back as written, tabs, line breaks and backslashes in text included")
    func recordRoundTrip() throws {
        var record = BuildRecord(
            generator: "sitegen 0.1.0",
            options: "ab12",
            started: 1_763_772_000_000_000_000,
            linkTargets: "77c0",
            inputs: [
                "site/guide/setup.md": InputRecord(
                    stamp: FileStamp(size: 2210, modified: 1_763_771_000_123_456_789), digest: "9d0e"),
                "site/odd\tname.png": InputRecord(stamp: FileStamp(size: 0, modified: 1), digest: "00"),
            ],
            files: [
                "guide/setup/index.html": .init(
                    key: "9c1e", stamp: FileStamp(size: 24310, modified: 1_763_772_000_123_456_789)),
                "odd\tname\\with\nbreaks.png": .init(key: "asset", stamp: FileStamp(size: 0, modified: 7)),
            ],
            pageCount: 812, assetCount: 37, aliasCount: 4,
            access: AccessCounts(signedIn: 790, public: 2, restricted: 20),
            warnings: [
                BuildError(
                    stage: .checkLinks, file: "site/a.md", line: 12, message: "'x.md' names no page;\tsee\nthis"),
                BuildError(stage: .publish, file: nil, message: "the site was published, but…"),
            ])
        record.included = ["listings/main.rs", "note.md"]
        // The current folder is an empty path.
        record.snippetFolders = ["", "docs/snip\tpets"]
        record.appendedSnippets = ["includes/abbreviations.md", "a\\b.md"]
        #expect(BuildRecord(bytes: record.bytes) == record)
    }

    @Test("A damaged or foreign record is no record")
    func rejectsRecords() {
        #expect(BuildRecord(bytes: Array("".utf8)) == nil)
        #expect(BuildRecord(bytes: Array("{\"files\": {}}".utf8)) == nil)
        #expect(BuildRecord(bytes: Array("sitegen-build-cache 2\ncounts\t1\t2\t3\t4\t5\t6\n".utf8)) == nil)
        let header = "sitegen-build-cache 3\nbuild\n"
        #expect(BuildRecord(bytes: Array((header + "input\td\t1\t2\tx.md\nend\n").utf8)) != nil)
        for damaged in [
            "counts\t1\t2\t3\n",  // fields missing
            "file\tkey\tbig\t1\tindex.html\n",  // a size that is not a number
            "input\td\t1\t99999999999999999999\tx.md\n",  // a stamp beyond 64 bits
            "input\td\t1\t2\tx.md\n\n",  // an empty line
            "input\td\t1\t2\n",  // a field missing
            "input\td\t1\t2\tx.md\textra\n",  // a field too many
            "input\td\t-\t2\tx.md\n",  // a sign without digits
            "no-file\n",  // a removal without its path
            "no-input\tx.md\textra\n",
            "started\t12a\n",
            "build\n",  // a build inside a build
        ] {
            #expect(BuildRecord(bytes: Array((header + damaged + "end\n").utf8)) == nil, "\(damaged)")
        }
        for torn in [
            "input\td\t1\t2\tx.md",  // the last line cut short
            "input\td\t1\t2\tx.md\n",  // a build without its end
            "input\td\t1\t2\tx.md\nend\nbuild\nfile\tk\t1\t2\ta.html\n",  // an appended build without its end
            "end\nend\n",  // an end outside a build
            "end\ninput\td\t1\t2\tx.md\nend\n",  // a line outside a build
        ] {
            #expect(BuildRecord(bytes: Array((header + torn).utf8)) == nil, "\(torn)")
        }
    }

    @Test("A later build appends only what changed, and the record reads back as the later build recorded it")
    func appendedBuild() throws {
        let stamp = FileStamp(size: 1, modified: 2)
        var first = BuildRecord(
            generator: "sitegen 0.1.0", options: "o1", started: 10, linkTargets: "l1",
            inputs: ["a.md": InputRecord(stamp: stamp, digest: "a1"), "b.md": InputRecord(stamp: stamp, digest: "b1")],
            files: [
                "a/index.html": .init(key: "ka1", stamp: stamp), "b/index.html": .init(key: "kb1", stamp: stamp),
                "x.png": .init(key: "x", stamp: stamp), "y.png": .init(key: "y", stamp: stamp),
                "z.png": .init(key: "z", stamp: stamp), "w.png": .init(key: "w", stamp: stamp),
                "v.png": .init(key: "v", stamp: stamp), "u.png": .init(key: "u", stamp: stamp),
            ],
            pageCount: 2, assetCount: 2, aliasCount: 0, access: AccessCounts(signedIn: 2),
            warnings: [BuildError(stage: .checkLinks, file: "a.md", line: 3, message: "old warning")])
        first.included = ["listings/main.rs"]
        first.snippetFolders = ["", "docs"]
        first.appendedSnippets = ["includes/abbreviations.md"]
        let written = first.bytes
        let read = try #require(BuildRecord(bytes: written))
        #expect(read.stored?.fileLines == 10)
        var second = first
        second.started = 20
        second.options = "o2"
        second.inputs["a.md"] = InputRecord(stamp: FileStamp(size: 3, modified: 4), digest: "a2")
        second.inputs["b.md"] = nil
        second.files["a/index.html"] = .init(key: "ka2", stamp: FileStamp(size: 5, modified: 6))
        second.files["b/index.html"] = nil
        second.files["c/index.html"] = .init(key: "kc", stamp: stamp)
        second.pageCount = 1
        second.warnings = [BuildError(stage: .publish, file: nil, message: "new warning")]
        // Each build names its own included files, snippets' folders and appended snippets, not adding to the last
        // one's.
        second.included = []
        second.snippetFolders = ["snippets"]
        second.appendedSnippets = ["glossary.md"]
        let (appendix, lines) = try #require(second.appendix(after: read, output: .between(read, second)))
        let text = String(decoding: appendix, as: UTF8.self)
        #expect(text.hasPrefix("build\n") && text.hasSuffix("end\n"))
        #expect(!text.contains("x.png") && !text.contains("old warning"))
        #expect(text.contains("no-input\tb.md\n") && text.contains("no-file\tb/index.html\n"))
        let appended = try #require(BuildRecord(bytes: written + appendix))
        #expect(appended == second)
        #expect(appended.stored?.fileLines == 10 + 5)
        #expect(lines == 5, "the lines about files the appendix holds, as reading it back counts them")
        // Read back, not compared as bytes: an appendix lists the files in the order of a dictionary made anew.
        var told = second
        told.changedInputs = .init(since: read.started, inputs: ["a.md": try #require(second.inputs["a.md"])])
        let toldAppendix = try #require(told.appendix(after: read, output: .between(read, second)))
        #expect(BuildRecord(bytes: written + toldAppendix.bytes) == second)
        // What a build says changed is checked against comparing in debug builds, as tests run them: every build a
        // test makes checks it. Taken from another record's build, this empty list would leave `a.md` out.
        told.changedInputs = .init(since: read.started + 1, inputs: [:])
        let comparedAppendix = try #require(told.appendix(after: read, output: .between(read, second)))
        #expect(
            BuildRecord(bytes: written + comparedAppendix.bytes) == second,
            "what changed since another record is not taken")
        #expect(
            first.appendix(after: first, output: .between(first, first)) == nil,
            "a record not read from a file is written afresh")
        for asset in ["z.png", "w.png", "v.png"] { second.files[asset]?.key += "2" }
        #expect(
            second.appendix(after: read, output: .between(read, second))?.bytes.isEmpty == false,
            "18 file lines, twice the 9 files")
        second.files["u.png"]?.key += "2"
        #expect(
            second.appendix(after: read, output: .between(read, second)) == nil,
            "19 file lines would be more than twice the 9 files")
    }

    @Test("The record file is written afresh once its file lines would be more than twice the files recorded")
    func appendedBuildsAreCompacted() throws {
        let stamp = FileStamp(size: 1, modified: 2)
        var record = BuildRecord(
            generator: "g", options: "o", started: 1, linkTargets: "l", inputs: [:],
            files: ["a": .init(key: "1", stamp: stamp), "b": .init(key: "1", stamp: stamp)], pageCount: 0,
            assetCount: 0, aliasCount: 0, access: AccessCounts(), warnings: [])
        var bytes = record.bytes
        var appended = 0
        for key in 2...10 {
            let read = try #require(BuildRecord(bytes: bytes))
            record.files["a"] = .init(key: String(key), stamp: stamp)
            guard let appendix = record.appendix(after: read, output: .between(read, record)) else { break }
            bytes += appendix.bytes
            appended += 1
        }
        #expect(appended == 2, "2 lines, then 3 and 4 of at most 4; a fifth is one too many")
        #expect(BuildRecord(bytes: bytes)?.files["a"]?.key == "3")
    }

    @Test("Every text field reads back as written, backslashes included (found by fuzz-build-cache)")
    func everyFieldIsEscaped() {
        let odd = "a\\b\tc\r\nd\t\u{301}e"
        let record = BuildRecord(
            generator: odd, options: odd, started: 1, linkTargets: odd,
            inputs: [odd: InputRecord(stamp: FileStamp(size: 1, modified: 2), digest: odd)],
            files: [odd: .init(key: odd, stamp: FileStamp(size: 3, modified: 4))], pageCount: 0, assetCount: 0,
            aliasCount: 0, access: AccessCounts(), warnings: [])
        #expect(BuildRecord(bytes: record.bytes) == record)
    }

    @Test(
        "Numbers are written in decimal as String does, at every digit count and sign, and read back",
        arguments: [0, 7, 9, 10, 42, 99, 100, 305, 999, 1000, 65_536, -1, -10, -999, -1000, Int.max, Int.min])
    func decimalNumbers(value: Int) {
        var bytes: [UInt8] = Array("x".utf8)
        DecimalBytes.append(value, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "x\(value)")
        if value >= 0 { #expect(DecimalBytes.value(of: bytes.dropFirst()) == value) }
    }

    @Test("A stamp of an unreadable file, size -1, reads back; each record line stands for one file")
    func recordLines() throws {
        let text = "sitegen-build-cache 3\nbuild\ninput\td\t-1\t0\tx.md\nfile\tk\t7\t9\ta b/index.html\nend\n"
        let record = try #require(BuildRecord(bytes: Array(text.utf8)))
        #expect(record.inputs == ["x.md": InputRecord(stamp: FileStamp(size: -1, modified: 0), digest: "d")])
        #expect(record.files == ["a b/index.html": .init(key: "k", stamp: FileStamp(size: 7, modified: 9))])
        #expect(BuildRecord(bytes: record.bytes) == record)
    }

    @Test("Stamps are trusted only when unchanged and older than the recorded build's start by the racy window")
    func trustedDigests() {
        let started = 10_000_000_000
        let old = FileStamp(size: 5, modified: started - BuildRecord.racyWindow - 1)
        let recent = FileStamp(size: 5, modified: started - 1)
        let record = BuildRecord(
            generator: "", options: "", started: started, linkTargets: "",
            inputs: [
                "old.md": InputRecord(stamp: old, digest: "a"), "recent.md": InputRecord(stamp: recent, digest: "b"),
            ],
            files: [:], pageCount: 0, assetCount: 0, aliasCount: 0, access: AccessCounts(), warnings: [])
        #expect(record.trustedDigest(of: "old.md", stamp: old) == "a")
        #expect(record.trustedDigest(of: "old.md", stamp: FileStamp(size: 6, modified: old.modified)) == nil)
        #expect(record.trustedDigest(of: "recent.md", stamp: recent) == nil)
        #expect(record.trustedDigest(of: "other.md", stamp: old) == nil)
    }

    @Test("The page store reads back every field of front matter and Markdown summaries")
    func pageStoreRoundTrip() throws {
        var frontMatter = FrontMatter()
        frontMatter.title = "Setup ✓"
        frontMatter.description = "How\tto"
        frontMatter.date = SiteDate(parsing: "2026-11-22")
        frontMatter.isDraft = true
        frontMatter.weight = -3
        frontMatter.aliases = [Located(value: "/old/", line: 7)]
        frontMatter.tags = ["a", "b"]
        frontMatter.template = Located(value: "landing", line: 4)
        frontMatter.access = Located(value: .restricted(Requirement(roles: ["R"], emails: ["e@x"])), line: 5)
        frontMatter.params = [
            "n": .int(Int.min), "d": .double(0.1), "b": .bool(false),
            "l": .list([.string("x"), .object(["k": .int(1)])]),
        ]
        var markdown = MarkdownSummary()
        markdown.title = "Setup"
        markdown.titleID = "setup"
        markdown.anchors = PageAnchors(ids: ["setup", "proxy"], mkdocsIDs: ["set-up": "set--up", "a_1": "a-1"])
        markdown.toc = [TocEntry(id: "proxy", title: "Proxy", children: [TocEntry(id: "a", title: "A", children: [])])]
        markdown.wordCount = 123_456
        markdown.links = [
            ResolvedLink(
                destination: "a.md#x", line: 9,
                resolution: .rewritten("/a/#x", anchor: .anchor(target: "a.md", id: "x")), heading: "x--y"),
            ResolvedLink(destination: "b.md", line: 10, resolution: .broken("gone")),
            ResolvedLink(destination: "https://x", line: 11, resolution: .unchanged),
            ResolvedLink(destination: "c.md", line: 12, resolution: .rewritten("/c/", anchor: nil)),
        ]
        markdown.contentDigest = SHA256.digest("<p>x</p>")
        markdown.contentIsEmpty = false
        var store = PageStore()
        store.entries["guide/setup.md"] = PageStore.Entry(digest: "d1", frontMatter: frontMatter, markdown: markdown)
        store.entries["draft.md"] = PageStore.Entry(digest: "d2", frontMatter: FrontMatter(), markdown: nil)
        let read = try #require(PageStore(bytes: store.bytes))
        #expect(read.generator == BuildCache.generator)
        #expect(read.entries.count == 2)
        let entry = try #require(read.entry(for: "guide/setup.md", digest: "d1"))
        #expect(entry.markdown == markdown)
        #expect(read.entry(for: "guide/setup.md", digest: "other") == nil)
        var written = ByteWriter()
        written.value(entry.frontMatter)
        var expected = ByteWriter()
        expected.value(frontMatter)
        #expect(written.bytes == expected.bytes)
        #expect(entry.frontMatter.title == "Setup ✓" && entry.frontMatter.params["d"] == .double(0.1))
        #expect(read.entry(for: "draft.md", digest: "d2")?.markdown == nil)
        #expect(PageStore(bytes: Array(store.bytes.dropLast())) == nil)
        #expect(PageStore(bytes: Array("sitegen-pages 0\n".utf8)) == nil)
    }

    @Test("A page store is appended to with its changed entries, and rewritten once replaced ones would dominate")
    func pageStoreAppends() throws {
        var store = PageStore()
        for number in 0..<10 {
            store.entries["page\(number).md"] = PageStore.Entry(
                digest: "d\(number)", frontMatter: FrontMatter(), markdown: MarkdownSummary())
        }
        #expect(store.appendix == nil)
        var file = store.bytes
        var loaded = try #require(PageStore(bytes: file))
        #expect(loaded.appendix == [])
        var changed = MarkdownSummary()
        changed.wordCount = 7
        loaded.entries["page3.md"] = PageStore.Entry(digest: "d3", frontMatter: FrontMatter(), markdown: changed)
        loaded.entries["new.md"] = PageStore.Entry(digest: "n", frontMatter: FrontMatter(), markdown: nil)
        loaded.entries["page4.md"] = nil
        file += try #require(loaded.appendix)
        let reread = try #require(PageStore(bytes: file))
        #expect(reread.entry(for: "page3.md", digest: "d3")?.markdown?.wordCount == 7)
        #expect(reread.entry(for: "new.md", digest: "n") != nil)
        #expect(reread.entry(for: "page4.md", digest: "d4") != nil, "a replaced entry lingers, harmless")
        var rewritten = reread
        for number in 0..<10 {
            rewritten.entries["page\(number).md"] = PageStore.Entry(
                digest: "d\(number)", frontMatter: FrontMatter(), markdown: nil)
        }
        #expect(rewritten.appendix == nil)
    }
}

extension OutputChanges {
    /// What `OutputPublication.changes` says of a build that made `record` after `previous`, worked out by
    /// comparing every file.
    static func between(_ previous: BuildRecord, _ record: BuildRecord) -> OutputChanges {
        OutputChanges(
            files: record.files.filter { previous.files[$0.key] != $0.value },
            removed: previous.files.keys.filter { record.files[$0] == nil })
    }
}
