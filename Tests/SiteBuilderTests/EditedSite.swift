import Foundation
import Testing

@testable import SiteBuilder

/// A small site under random edits: pages in nested sections with titles, weights, access rules,
/// descriptions, aliases, drafts, headings (some with ids written, `{#id}`), links between them (some in raw
/// HTML, some to headings by MkDocs's ids) and raw HTML images of an asset, built with the default theme.
struct EditedSite {
    private var random: SplitMix64
    private let site: TestSite
    private var pages: [String: PageModel] = [:]
    private var templates: [String: String] = [:]
    private var siteTitle = "Handbook"
    private var editURL: String?
    /// Every file the test writes gets a modification time of its own, far in the past, so the build
    /// trusts the stamps of files the test did not touch; some edits keep the current time instead.
    private var clock = 1_000_000_000
    private var lastOutput: [String: Data] = [:]
    /// The site folder's files and folders (a folder's data nil) as the last build saw them, to tell a session what
    /// changed as a watch would.
    private var lastSite: [String: Data?] = [:]
    private var broken: String?
    /// Builds the incremental output in one `BuildSession`, as `sitegen build --watch` does, rather than in a
    /// lone build each time.
    private let session: BuildSession?

    init(seed: UInt64, inSession: Bool = false) throws {
        random = SplitMix64(seed: seed)
        site = try TestSite(pages: [:], templates: [:])
        session = inSession ? BuildSession(options: Self.options(of: site)) : nil
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

    /// How many kinds of edit `edit(kind:)` makes.
    static let editKinds = 26

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
            pages[path]?.headings = (0..<random.next(below: 4)).map { _ in PageModel.randomHeading(using: &random) }
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
        case 15:
            editURL =
                [nil, "https://git.example.com/edit/main/{path}", "https://git.example.com/edit/next/{path}"][
                    random.next(below: 3)]
            try writeConfig()
            return "edit_url in site.toml"
        case 16:
            // A section's language is inherited by the pages below it.
            let sections = paths.filter { SitePath.lastComponent(of: $0) == "index.md" }
            let section = sections[random.next(below: sections.count)]
            pages[section]?.language = [nil, "de", "fr-CA", "ja"][random.next(below: 4)]
            try writePage(section)
            return "language of \(section)"
        case 17:
            // Shown with raw HTML, the asset is linked, and takes the rule of stricter pages showing it.
            let depth = path.split(separator: "/").count - 1
            let image = String(repeating: "../", count: depth) + "guide/logo.png"
            let shown = pages[path]?.images.isEmpty == false
            pages[path]?.images = shown ? [] : [image]
            try writePage(path)
            return "raw HTML image in \(path)"
        case 19:
            // A heading with an id written and one MkDocs and GitHub give different ids, each linked by that id.
            let target = paths[random.next(below: paths.count)]
            let id = random.words(1)
            let written = random.words(2) + " {#" + id + "}"
            let separated = random.words(2).replacingOccurrences(of: " ", with: " -- ")
            pages[target]?.headings.insert(contentsOf: [written, separated], at: 0)
            if pages[target]?.paragraphs.count == 1 { pages[target]?.paragraphs.append(random.sentence()) }
            try writePage(target)
            let relative = String(repeating: "../", count: path.split(separator: "/").count - 1) + target
            pages[path]?.links += [relative + "#" + id, relative + "#" + MkDocsIDs.slug(separated)]
            try writePage(path)
            return "headings '\(written)' and '\(separated)' in \(target), linked from \(path)"
        case 20:
            // A book's table of contents orders the pages it names, wherever they are; one it names that is
            // missing is a warning here (broken links are warnings in these builds).
            if try deletesNow("site/" + BookSummary.fileName) { return "deleted SUMMARY.md" }
            let named = random.shuffled(paths.filter { _ in random.next(below: 3) != 0 } + ["gone.md"])
            let lines = named.map { "- [\(random.words(1))](\($0))" }
            try write(Data(("# Summary\n\n" + lines.joined(separator: "\n") + "\n").utf8), to: "site/SUMMARY.md")
            return "SUMMARY.md naming \(named.joined(separator: ", "))"
        case 21:
            // A Jekyll source leaves out what its _config.yml excludes; a list it cannot read is a warning.
            if try deletesNow("site/_config.yml") { return "deleted _config.yml" }
            let excluded = [path, "guide/logo.png", "guide/", "*.png"][random.next(below: 4)]
            let text = random.next(below: 5) == 0 ? "exclude: [unclosed\n" : "exclude: [\"\(excluded)\"]\n"
            try write(Data(text.utf8), to: "site/_config.yml")
            return "_config.yml: \(text)"
        case 22:
            // Docusaurus's _category_ file titles a folder without a title of its own, orders it and describes a
            // folder without a section page; a folder has one, as JSON or as YAML, or none.
            let folder = ["guide", "reference", "guide/deep"][random.next(below: 3)]
            let (json, yaml) = (folder + "/_category_.json", folder + "/_category_.yml")
            for file in [json, yaml] where FileManager.default.fileExists(atPath: site.root + "/site/" + file) {
                try FileManager.default.removeItem(atPath: site.root + "/site/" + file)
            }
            let (label, position) = (random.words(2), random.next(below: 5))
            switch random.next(below: 3) {
            case 0: return "deleted the _category_ file of \(folder)"
            case 1:
                let link = random.next(below: 2) == 0 ? "" : #", "link": {"description": "\#(random.words(3))"}"#
                try write(Data(#"{"label": "\#(label)", "position": \#(position)\#(link)}"#.utf8), to: "site/" + json)
                return "\(json): \(label), \(position)\(link)"
            default:
                try write(Data("label: \(label)\n".utf8), to: "site/" + yaml)
                return "\(yaml): \(label)"
            }
        case 23:
            // A shorter name in the nav, breadcrumbs and pager of every page showing the page.
            let named = pages[path]?.navTitle != nil
            pages[path]?.navTitle = named ? nil : random.words(1)
            try writePage(path)
            return "nav title of \(path): \(pages[path]?.navTitle ?? "none")"
        case 24:
            // MkDocs's mkdocs.yml beside the site folder titles the site and orders and names pages in its nav,
            // sections naming folders; one whose docs_dir is another folder is not the site's.
            if try deletesNow("mkdocs.yml") { return "deleted mkdocs.yml" }
            let named = random.shuffled(paths.filter { _ in random.next(below: 2) == 0 })
            let items = named.map { random.next(below: 2) == 0 ? "  - \($0)" : "  - \(random.words(1)): \($0)" }
            let section = paths.filter { $0.hasPrefix("guide/") }.map { "      - \($0)" }
            let docs = random.next(below: 5) == 0 ? "elsewhere" : "site"
            let text =
                "site_name: \(random.words(2))\ndocs_dir: \(docs)\nnav:\n" + items.joined(separator: "\n")
                + "\n  - \(random.words(1)):\n" + section.joined(separator: "\n") + "\n"
            try write(Data(text.utf8), to: "mkdocs.yml")
            return "mkdocs.yml (docs_dir \(docs)) naming \(named.joined(separator: ", ")), and guide/ as a section"
        case 25:
            // mdBook's book.toml beside the site folder titles the site when its src is the site folder.
            if try deletesNow("book.toml") { return "deleted book.toml" }
            let source = random.next(below: 4) == 0 ? "elsewhere" : "site"
            let title = random.words(2)
            try write(Data("[book]\ntitle = \"\(title)\"\nsrc = \"\(source)\"\n".utf8), to: "book.toml")
            return "book.toml: \(title), src \(source)"
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
    /// The options the incremental builds run with: broken links as warnings, with the search index, as `sitegen
    /// build` runs by default, in shards of a few pages each.
    private static func options(of site: TestSite) -> BuildOptions {
        var options = site.options
        options.brokenLinksAreWarnings = true
        options.buildsSearchIndex = true
        options.searchPagesPerShard = 4
        return options
    }

    /// What a session keeps of the build cache is what reading its files gives: the record (and how many lines
    /// its file holds, which decides when it is written afresh), the page store (which entries its file holds, which
    /// decides what is appended), and the output as its record lists it.
    private func checkMemory(of session: BuildSession, against record: BuildRecord, after edit: String) throws {
        let cache = BuildCache(outputFolder: session.options.outputFolder)
        let kept = try #require(session.memory.cache.record(at: cache.recordFile), "after \(edit)")
        #expect(kept == record && kept.stored?.fileLines == record.stored?.fileLines, "after \(edit)")
        let pages = try #require(session.memory.cache.pages(at: cache.pagesFile), "after \(edit)")
        let read = try #require(FileBytes.read(cache.pagesFile).flatMap(PageStore.init(bytes:)))
        #expect(pages.saved().bytes == read.saved().bytes && pages.appendix == read.appendix, "after \(edit)")
        #expect(
            session.memory.cache.outputAsRecorded(recordPath: cache.recordFile, output: session.options.outputFolder),
            "after \(edit)")
    }

    mutating func checkBuildsAgree(after edit: String) throws {
        let options = Self.options(of: site)
        var clean = options
        clean.outputFolder = site.root + "/clean"
        try? FileManager.default.removeItem(atPath: clean.outputFolder)
        for cache in ["clean.txt", "clean.pages", "clean.search", "clean.links", "clean.access"] {
            try? FileManager.default.removeItem(atPath: site.root + "/.sitegen-cache/" + cache)
        }
        let site = entries(in: options.siteFolder)
        let changed = Set(site.keys).union(lastSite.keys).filter { site[$0] != lastSite[$0] }
        lastSite = site
        let incremental = Result { [session] () throws(BuildFailure) in
            if let session { return try session.build(changed: changed.map { options.siteFolder + "/" + $0 }) }
            return try SiteBuilder.build(options: options)
        }
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
            // A session's build returns once the site is published, and saves its cache after.
            #expect(session?.finishSaving() == nil, "after \(edit)")
            let record = BuildCache(outputFolder: options.outputFolder).loadRecord()
            let fullRecord = BuildCache(outputFolder: clean.outputFolder).loadRecord()
            #expect(record?.files.mapValues(\.key) == fullRecord?.files.mapValues(\.key), "after \(edit)")
            #expect(record?.inputs.mapValues(\.digest) == fullRecord?.inputs.mapValues(\.digest), "after \(edit)")
            // The record, appended to after most edits, holds every output file as it is on disk.
            let listed = OutputTree.files(in: options.outputFolder)
            #expect(record?.files.mapValues(\.stamp) == listed, "after \(edit)")
            // The next build's listing, which takes the folders this one did not change from its record.
            #expect(OutputTree.files(in: options.outputFolder, since: record) == listed, "after \(edit)")
            if let session, let record {
                try checkMemory(of: session, against: record, after: edit)
            }
            lastOutput = output
        case (.failure(let failure), .failure(let fullFailure)):
            #expect(failure.errors == fullFailure.errors, "after \(edit)")
            #expect(files(in: options.outputFolder) == lastOutput, "after \(edit): a failed build changed the output")
        case (.success, .failure(let failure)), (.failure(let failure), .success):
            Issue.record("after \(edit): only one build failed: \(failure)")
        }
    }

    /// Every file (with its bytes) and folder (nil) below `folder`, hidden ones left out as a watch leaves them.
    private func entries(in folder: String) -> [String: Data?] {
        var entries: [String: Data?] = [:]
        for path in (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []
        where !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory) else {
                continue
            }
            entries[path] =
                isDirectory.boolValue ? .some(nil) : FileManager.default.contents(atPath: folder + "/" + path)
        }
        return entries
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

    /// Deletes the file at `path` (from the top of the test's folder) one time in three, when it is there.
    private mutating func deletesNow(_ path: String) throws -> Bool {
        guard random.next(below: 3) == 0, FileManager.default.fileExists(atPath: site.root + "/" + path) else {
            return false
        }
        try FileManager.default.removeItem(atPath: site.root + "/" + path)
        return true
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

            """ + (editURL.map { "edit_url = \"\($0)\"\n" } ?? "")
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
