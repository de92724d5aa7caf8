import AccessRules
import Foundation
import Testing

@testable import SiteBuilder

/// The words the search index counted in each page, kept in the build cache so that indexing a shard again
/// counts only the pages that changed: used when it holds, ignored when damaged, gone with its shard.
@Suite("The search index's word cache")
struct SearchWordCacheTests {
    private static func pages() -> [String: String] {
        var pages = [
            "site.toml": "title = \"Acme\"\naccess = \"signed-in\"\n",
            "index.md": "---\ntitle: Welcome\n---\nThe lighthouse desk.\n",
        ]
        for number in 0..<24 {
            pages["topics/topic-\(number).md"] =
                "---\ntitle: Topic \(number)\n---\nAbout the walrus number \(number).\n\n## Feeding\n\nKrill.\n"
        }
        return pages
    }

    private static func sharded(_ options: inout BuildOptions) {
        options.buildsSearchIndex = true
        options.searchPagesPerShard = 4
    }

    private static func cache(_ site: TestSite) -> BuildCache {
        BuildCache(outputFolder: site.root + "/public")
    }

    /// The folder of the shard that holds `url`'s page file.
    private static func shard(of url: String, in site: TestSite) throws -> String {
        let path = try #require(
            site.outputFiles().first { path, data in
                path.contains("/p/") && String(decoding: data, as: UTF8.self).contains("\"url\":\"\(url)\"")
            }?.key)
        let pages = try #require(path.range(of: "p/"))
        return String(path[..<pages.lowerBound])
    }

    /// The shard's files, read together.
    private static func shardText(_ site: TestSite, _ folder: String) -> String {
        site.outputFiles().filter { $0.key.hasPrefix(folder) }.values
            .map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
    }

    /// The output of a clean build of the site as it is now, without its cache.
    private static func cleanBuild(_ site: TestSite) throws -> [String: Data] {
        try FileManager.default.removeItem(atPath: site.root + "/public")
        try FileManager.default.removeItem(atPath: site.root + "/.sitegen-cache")
        try site.build(sharded)
        return site.outputFiles()
    }

    @Test("An edit counts the words of the edited page alone: the shard's other pages' words come from the cache")
    func cachedWordsAreUsed() throws {
        let site = try TestSite(pages: Self.pages())
        try site.build(Self.sharded)
        let folder = try Self.shard(of: "/topics/topic-7/", in: site)
        let words = try #require(Self.cache(site).loadSearchWords(of: folder))
        #expect(words.pages.count > 1 && words.vocabulary.contains("walrus") && words.vocabulary.contains("krill"))
        // A word planted in the cache reaches the index only if the cache is read for the pages not edited.
        let planted = SearchPartWords(
            vocabulary: words.vocabulary.map { $0 == "walrus" ? "dugong" : $0 }, pages: words.pages)
        try Data(planted.bytes(generator: BuildCache.generator))
            .write(to: URL(fileURLWithPath: Self.cache(site).searchFolder + "/" + Self.fileName(folder)))

        try site.write(
            ["topics/topic-7.md": "---\ntitle: Topic 7\n---\nAbout the narwhal.\n\n## Feeding\n\nKrill.\n"],
            under: "site")
        try site.build(Self.sharded)
        let text = Self.shardText(site, folder)
        #expect(text.contains("\"dugong\""), "the other pages' words were taken from the cache")
        #expect(text.contains("\"narwhal\""), "the edited page was counted")
        let recorded = try #require(Self.cache(site).loadSearchWords(of: folder))
        #expect(recorded.pages.map(\.url).contains("/topics/topic-7/"))
        #expect(recorded.vocabulary.contains("narwhal"))
    }

    @Test("A new page re-indexes its own shard alone, though it changes what links can point at")
    func newPageIndexesOneShard() throws {
        let site = try TestSite(pages: Self.pages())
        try site.build(Self.sharded)
        try site.write(["topics/topic-99.md": "---\ntitle: Topic 99\n---\nAbout the narwhal.\n"], under: "site")
        let totals = Recorded<Int>()
        var options = site.options
        Self.sharded(&options)
        _ = try SiteBuilder.build(options: options) { event in
            if case .itemsDone(.buildSearchIndex, _, let total) = event { totals.record(total) }
        }
        #expect(Set(totals.all) == [1], "shards indexed again: \(totals.all)")
        let shard = try Self.shard(of: "/topics/topic-99/", in: site)
        #expect(Self.shardText(site, shard).contains("\"narwhal\""))
        let incremental = site.outputFiles()
        #expect(try Self.cleanBuild(site) == incremental)
    }

    @Test("A damaged or foreign word file is not used: the shard is counted again, as a clean build would")
    func damagedCacheIsIgnored() throws {
        let site = try TestSite(pages: Self.pages())
        try site.build(Self.sharded)
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.cache(site).searchFolder).sorted()
        #expect(files.count == 8, "one file per shard: \(files)")
        for (index, name) in files.enumerated() {
            let path = Self.cache(site).searchFolder + "/" + name
            var bytes = try #require(FileBytes.read(path))
            switch index % 3 {
            case 0: bytes.removeLast(bytes.count / 2)
            case 1: bytes = Array("sitegen-search-words 3\n".utf8) + [3, 0x78, 0x78, 0x78]
            default: bytes[bytes.count - 40] ^= 0x7F
            }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }
        for number in [1, 2, 3, 5, 8, 13] {
            try site.write(
                ["topics/topic-\(number).md": "---\ntitle: Topic \(number)\n---\nAbout the narwhal \(number).\n"],
                under: "site")
        }
        try site.build(Self.sharded)
        let incremental = site.outputFiles()
        #expect(try Self.cleanBuild(site) == incremental)
    }

    @Test("Words of a shard the site no longer has leave the cache; a site without search keeps none")
    func staleWordsAreRemoved() throws {
        let site = try TestSite(pages: Self.pages())
        try site.build(Self.sharded)
        let folder = Self.cache(site).searchFolder
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 8)
        try site.write(["index.md": "---\ntitle: Welcome\n---\nThe harbour desk.\n"], under: "site")
        try site.build { options in
            options.buildsSearchIndex = true
            options.searchPagesPerShard = 100
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(left == ["\(AccessRule.signedIn.id)-0.words"], "\(left)")
        try site.build()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test("Indexing from cached words, over a vocabulary with words no page has any more, makes the same files")
    func indexingFromWords() throws {
        let documents = (0..<6).map { number in
            SearchDocument(
                url: "/p\(number)/", title: "Page \(number) heron", breadcrumb: ["Birds"],
                contentHTML: "<p>The heron and the egret \(number), egret again.</p><h2 id=\"a\">Wading</h2><p>Mud.</p>"
            )
        }
        let part = SearchPart(ruleID: "k4vz2mqa", shard: 0, documents: documents)
        let first = SearchPartFiles.index(part)
        #expect(first.vocabulary.contains("heron") && first.pages.count == 6)
        let vocabulary = first.vocabulary + ["forgotten"]
        let cached = SearchPart(
            ruleID: "k4vz2mqa", shard: 0,
            documents: zip(documents, first.pages).map { document, words in
                var document = document
                document.words = words
                return document
            })
        let again = SearchPartFiles.index(cached, vocabulary: vocabulary, writesPage: { $0 == 4 })
        let fresh = Dictionary(uniqueKeysWithValues: first.files.map { ($0.path, $0.data) })
        for file in again.files { #expect(fresh[file.path] == file.data, "\(file.path)") }
        #expect(again.files.filter { $0.path.contains("/p/") }.map(\.path) == ["_search/k4vz2mqa/0/p/4.json"])
        #expect(again.files.count == first.files.count - 5, "the other five page files are the caller's to keep")
        #expect(again.vocabulary == first.vocabulary, "the word no page has is dropped")
        #expect(again.pages == first.pages)
    }

    @Test("The word file reads back what was written, and refuses numbers outside its vocabulary")
    func wordFileCoding() throws {
        let words = SearchPartWords(
            vocabulary: ["heron", "egret", "mud"],
            pages: [
                .init(url: "/a/", key: "k1", words: SearchPageWords(terms: [0, 2, 1, 1], titleTerms: [0], length: 3)),
                .init(url: "/b/", key: "k2", words: SearchPageWords(terms: [2, 5], titleTerms: [], length: 5)),
            ])
        let bytes = words.bytes(generator: "sitegen 1")
        #expect(SearchPartWords(bytes: bytes, generator: "sitegen 1") == words)
        #expect(SearchPartWords(bytes: bytes, generator: "sitegen 2") == nil, "counted by another version")
        #expect(SearchPartWords(bytes: Array(bytes.dropLast()), generator: "sitegen 1") == nil)
        var flipped = bytes
        flipped[bytes.count / 2] ^= 1
        #expect(SearchPartWords(bytes: flipped, generator: "sitegen 1") == nil, "the digest covers every byte")
        let outside = SearchPartWords(
            vocabulary: words.vocabulary,
            pages: [.init(url: "/a/", key: "k", words: SearchPageWords(terms: [3, 1], titleTerms: [], length: 1))])
        #expect(SearchPartWords(bytes: outside.bytes(generator: "g"), generator: "g") == nil)
        let titleOutside = SearchPartWords(
            vocabulary: words.vocabulary,
            pages: [.init(url: "/a/", key: "k", words: SearchPageWords(terms: [], titleTerms: [7], length: 0))])
        #expect(SearchPartWords(bytes: titleOutside.bytes(generator: "g"), generator: "g") == nil)
        let noCount = SearchPartWords(
            vocabulary: words.vocabulary,
            pages: [.init(url: "/a/", key: "k", words: SearchPageWords(terms: [1, 0], titleTerms: [], length: 0))])
        #expect(SearchPartWords(bytes: noCount.bytes(generator: "g"), generator: "g") == nil)
        let twice = SearchPartWords(vocabulary: ["heron", "heron"], pages: [])
        #expect(SearchPartWords(bytes: twice.bytes(generator: "g"), generator: "g") == nil)
    }

    /// `_search/k4vz2mqa/3/` is cached as `k4vz2mqa-3.words`.
    private static func fileName(_ folder: String) -> String {
        folder.dropFirst(SearchIndex.folder.count).split(separator: "/").joined(separator: "-") + ".words"
    }
}
