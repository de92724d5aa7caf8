import AccessRules
import Foundation
import Testing

@testable import SiteBuilder

/// Whole builds with search, read back from the index's files: which pages each part holds, and that no
/// part holds anything of another part's pages.
@Suite("The search index, built in parts")
struct SearchIndexTests {
    private static let pages = [
        "site.toml": "title = \"Acme\"\naccess = \"signed-in\"\n",
        "index.md": "---\ntitle: Welcome\naccess: public\n---\nThe lighthouse desk.\n",
        "guide/index.md": "---\ntitle: Guide\n---\nFor everyone signed in.\n",
        "guide/setup.md": "---\ntitle: Setup\n---\nConfigure the narwhal adapter.\n\n## Narwhal options\n\nMore.\n",
        "finance/index.md": "---\ntitle: Finance\naccess:\n  roles: [Finance.Read]\n---\nNumbers.\n",
        "finance/report.md": "---\ntitle: Pomegranate report\n---\nThe kumquat forecast.\n",
        "finance/contact.md": "---\ntitle: Help desk hours\naccess: public\n---\nWeekdays only.\n",
    ]

    private static func site(_ pages: [String: String] = pages, function: String = #function) throws -> TestSite {
        try TestSite(pages: pages, function: function)
    }

    private static func withSearch(_ options: inout BuildOptions) {
        options.buildsSearchIndex = true
    }

    private static func manifest(_ site: TestSite) throws -> AccessManifest {
        let text = try #require(site.output(AccessManifest.relativePath))
        return try JSONDecoder().decode(AccessManifest.self, from: Data(text.utf8))
    }

    /// The id of the rule of `path` in `manifest`, which names the folder of its part of the index.
    private static func ruleID(of path: String, in manifest: AccessManifest) -> String? {
        manifest.paths[path].map { manifest.rules[$0.rule].id }
    }

    /// The URL of each page file of the index, by the folder (rule id) of its part.
    private static func indexedURLs(_ site: TestSite) -> [String: Set<String>] {
        var urls: [String: Set<String>] = [:]
        for (path, data) in site.outputFiles() where path.hasPrefix("_search/") && path.contains("/p/") {
            let page = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            urls[String(path.split(separator: "/")[1]), default: []].insert(page?["url"] as? String ?? "?")
        }
        return urls
    }

    /// The part's files, read together.
    private static func partText(_ site: TestSite, rule: String) -> String {
        site.outputFiles().filter { $0.key.hasPrefix("_search/\(rule)/") }.values
            .map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
    }

    /// Builds and returns how many parts (shards) the build indexed: the total of its search progress.
    private static func partsIndexed(_ site: TestSite, _ adjust: (inout BuildOptions) -> Void = withSearch) throws
        -> Int
    {
        var options = site.options
        adjust(&options)
        let total = Recorded<Int>()
        _ = try SiteBuilder.build(options: options) { event in
            if case .itemsDone(.buildSearchIndex, _, let count) = event { total.record(count) }
        }
        return total.all.max() ?? 0
    }

    @Test("Each page is indexed in the part of its own rule only, and each part's files carry that rule")
    func partsFollowRules() throws {
        let site = try Self.site()
        try site.build(Self.withSearch)
        let manifest = try Self.manifest(site)
        let ruleOf = { (path: String) in Self.ruleID(of: path, in: manifest)! }
        let (open, finance, signedIn) = (ruleOf("/"), ruleOf("/finance/report/"), ruleOf("/guide/setup/"))
        #expect(Set([open, finance, signedIn]).count == 3)
        #expect(
            Self.indexedURLs(site) == [
                open: ["/", "/finance/contact/"],
                finance: ["/finance/", "/finance/report/"],
                signedIn: ["/guide/", "/guide/setup/"],
            ])
        for path in site.outputFiles().keys where path.hasPrefix("_search/") {
            #expect(Self.ruleID(of: "/" + path, in: manifest) == String(path.split(separator: "/")[1]), "\(path)")
        }
        #expect(manifest.paths["/_search/\(open)/0/index.json"] != nil)
    }

    @Test("No part holds a word, title or URL of another part's pages")
    func nothingLeaksAcrossParts() throws {
        let site = try Self.site()
        try site.build(Self.withSearch)
        let manifest = try Self.manifest(site)
        let open = Self.partText(site, rule: try #require(Self.ruleID(of: "/", in: manifest)))
        let signedIn = Self.partText(site, rule: try #require(Self.ruleID(of: "/guide/", in: manifest)))
        let finance = Self.partText(site, rule: try #require(Self.ruleID(of: "/finance/", in: manifest)))
        for word in ["kumquat", "pomegranate", "/finance/report/", "numbers", "narwhal", "setup", "/guide/"] {
            #expect(!open.lowercased().contains(word), "the public part holds '\(word)'")
        }
        #expect(!open.contains("Finance"), "a hidden section's title")
        #expect(open.contains(#""breadcrumb":"…""#), "the public page in Finance shows … for its section")
        for word in ["kumquat", "pomegranate", "lighthouse", "weekdays"] {
            #expect(!signedIn.lowercased().contains(word), "the signed-in part holds '\(word)'")
        }
        for word in ["narwhal", "lighthouse", "weekdays"] {
            #expect(!finance.lowercased().contains(word), "the Finance part holds '\(word)'")
        }
        #expect(finance.contains("kumquat") && signedIn.contains("narwhal") && open.contains("lighthouse"))
        #expect(signedIn.contains(#"["narwhal-options","Narwhal options","More."]"#), "headings keep their ids")
    }

    @Test("Adding the index leaves the rules of every other path as they were")
    func numberingUnchanged() throws {
        let site = try Self.site()
        try site.build()
        let without = try Self.manifest(site)
        try site.build(Self.withSearch)
        let with = try Self.manifest(site)
        #expect(with.rules == without.rules)
        #expect(without.rules.count >= 2 && without.paths.count >= 4, "a site of several rules and pages")
        for (path, entry) in without.paths {
            #expect(with.paths[path]?.rule == entry.rule, "\(path)")
        }
        #expect(with.paths.keys.filter { !$0.hasPrefix("/_search/") }.count == without.paths.count)
    }

    @Test("Pages offer the parts and where they are; without the index, no search field")
    func templatesSeeTheParts() throws {
        var templates = TestSite.contentOnlyTemplates
        templates["page.mustache"] =
            "{{<layout}}{{$content}}[{{site.search.url}}|{{site.search.parts}}]{{/content}}{{/layout}}"
        let site = try TestSite(pages: Self.pages, templates: templates)
        try site.build(Self.withSearch)
        let manifest = try Self.manifest(site)
        let parts = manifest.paths.filter { !$0.key.hasPrefix("/_search/") && !$0.key.contains(".") }
            .map { manifest.rules[$0.value.rule].id }
        let list = "," + Set(parts).sorted().map { "\($0):1" }.joined(separator: ",") + ","
        #expect(site.output("guide/setup/index.html") == "[/_search/|\(list)]")
        try site.write(["site.toml": "title = \"Acme\"\naccess = \"signed-in\"\nsearch = false\n"], under: "site")
        try site.build(Self.withSearch)
        #expect(site.output("guide/setup/index.html") == "[|]")
        #expect(!site.outputFiles().keys.contains { $0.hasPrefix("_search/") })
    }

    @Test("The default theme's search field carries the parts and the reader's rules from nginx")
    func defaultThemeField() throws {
        let site = try Self.site()
        try site.build {
            Self.withSearch(&$0)
            $0.templatesFolder = TestSite.defaultTheme
        }
        let html = try #require(site.output("guide/setup/index.html"))
        #expect(html.contains(#"data-search-url="/_search/""#))
        #expect(html.contains(#"data-search-access='<!--# echo var="sitegen_access" default="" -->'"#))
        #expect(html.contains(#"<input class="search-input" id="search-input" type="search""#))
        #expect(html.contains(#"<script src="/assets/search.js" defer></script>"#))
        #expect(site.output("assets/search.js")?.contains("search-worker.js") == true)
        #expect(site.output("assets/search-worker.js")?.contains("index.json") == true)
    }

    @Test("Turning search on after a build without it rebuilds the site")
    func cacheNoticesSearch() throws {
        let site = try Self.site()
        try site.build()
        let stages = try site.stagesRun(Self.withSearch)
        #expect(stages.contains(.buildSearchIndex) && stages.last == .publish)
        #expect(try site.stagesRun(Self.withSearch).last == .checkCache)
    }

    @Test("The _search/ folder belongs to the index")
    func reservedFolder() throws {
        var pages = Self.pages
        pages["_search/notes.md"] = "---\ntitle: Notes\n---\n"
        let site = try Self.site(pages)
        let errors = site.buildErrors(Self.withSearch)
        #expect(
            errors == [
                "site/_search/notes.md: search: the folder _search/ is where the search index is published; "
                    + "move this file out of it or set search = false in site.toml"
            ])
    }

    @Test("A rebuild indexes again only the parts whose pages changed, and ends as a clean build would")
    func incrementalParts() throws {
        let site = try Self.site()
        #expect(try Self.partsIndexed(site) == 3)
        try site.write(
            ["finance/report.md": "---\ntitle: Pomegranate report\n---\nThe quince forecast.\n"], under: "site")
        #expect(try Self.partsIndexed(site) == 1)
        let finance = try #require(Self.ruleID(of: "/finance/report/", in: try Self.manifest(site)))
        #expect(Self.partText(site, rule: finance).contains("quince"))
        #expect(!Self.partText(site, rule: finance).contains("kumquat"))
        try site.write(["guide/setup.md": "---\ntitle: Installing\n---\nConfigure it.\n"], under: "site")
        #expect(try Self.partsIndexed(site) == 1)
        #expect(try Self.partsIndexed(site) == 0, "nothing changed")
        let incremental = site.outputFiles()
        try FileManager.default.removeItem(atPath: site.root + "/public")
        try FileManager.default.removeItem(atPath: site.root + "/.sitegen-cache")
        #expect(try Self.partsIndexed(site) == 3)
        #expect(site.outputFiles() == incremental)
    }

    @Test("A section whose index page becomes a draft keeps its URL but none of its words, as a clean build")
    func draftSectionPageLeavesTheIndex() throws {
        let site = try Self.site()
        try site.build(Self.withSearch)
        let guide = try #require(Self.ruleID(of: "/guide/", in: try Self.manifest(site)))
        #expect(Self.partText(site, rule: guide).contains("everyone"))
        try site.write(
            ["guide/index.md": "---\ntitle: Guide\ndraft: true\n---\nFor everyone signed in.\n"], under: "site")
        try site.build(Self.withSearch)
        #expect(!Self.partText(site, rule: guide).contains("everyone"))
        let incremental = site.outputFiles()
        try FileManager.default.removeItem(atPath: site.root + "/public")
        try FileManager.default.removeItem(atPath: site.root + "/.sitegen-cache")
        try site.build(Self.withSearch)
        #expect(site.outputFiles() == incremental)
    }

    @Test("A body edit that adds word files to a part lists them in the access manifest, as a clean build does")
    func newWordFilesJoinTheManifest() throws {
        let site = try Self.site()
        try site.build(Self.withSearch)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let words = (0..<6000).map { number in
            "zq" + String([letters[number / 676 % 26], letters[number / 26 % 26], letters[number % 26]])
        }
        try site.write(
            ["guide/setup.md": "---\ntitle: Setup\n---\n" + words.joined(separator: " ") + "\n"], under: "site")
        try site.build(Self.withSearch)
        let listed = Set(try Self.manifest(site).paths.keys)
        let published = site.outputFiles().keys.filter { $0.hasPrefix("_search/") }.map { "/" + $0 }
        #expect(published.filter { $0.contains("/w/") }.count > 2, "the edit added word files")
        #expect(published.filter { !listed.contains($0) }.isEmpty)
        let incremental = try Self.manifest(site)
        try FileManager.default.removeItem(atPath: site.root + "/public")
        try FileManager.default.removeItem(atPath: site.root + "/.sitegen-cache")
        try site.build(Self.withSearch)
        #expect(try Self.manifest(site) == incremental)
    }

    @Test("A rule's part of many pages is split into shards; an edit indexes one shard again")
    func shardedParts() throws {
        var pages = Self.pages
        for number in 0..<24 {
            pages["guide/topic-\(number).md"] = "---\ntitle: Topic \(number)\n---\nAbout the walrus number \(number).\n"
        }
        let site = try Self.site(pages)
        let sharded = { (options: inout BuildOptions) in
            Self.withSearch(&options)
            options.searchPagesPerShard = 4
            options.templatesFolder = TestSite.defaultTheme
        }
        #expect(try Self.partsIndexed(site, sharded) == 8 + 2, "each shard on its own, and the two small parts")
        let manifest = try Self.manifest(site)
        let signedIn = try #require(Self.ruleID(of: "/guide/", in: manifest))
        let urls = Self.indexedURLs(site)
        #expect(urls[signedIn]?.count == 26, "the Guide, Setup and 24 topics")
        let shards = Set(
            site.outputFiles().keys.filter { $0.hasPrefix("_search/\(signedIn)/") }.map {
                $0.split(separator: "/")[2]
            })
        #expect(shards.count == 8, "26 pages, at most 4 a shard on average: 8 shards")
        for path in site.outputFiles().keys where path.hasPrefix("_search/\(signedIn)/") {
            #expect(Self.ruleID(of: "/" + path, in: manifest) == signedIn, "\(path)")
        }
        #expect(site.output("guide/setup/index.html")?.contains(",\(signedIn):8,") == true)

        try site.write(["guide/topic-7.md": "---\ntitle: Topic 7\n---\nAbout the narwhal.\n"], under: "site")
        #expect(try Self.partsIndexed(site, sharded) == 1, "only the edited page's shard")
        #expect(Self.partText(site, rule: signedIn).contains("About the narwhal."))
        let incremental = site.outputFiles()
        try FileManager.default.removeItem(atPath: site.root + "/public")
        try FileManager.default.removeItem(atPath: site.root + "/.sitegen-cache")
        try site.build(sharded)
        #expect(site.outputFiles() == incremental)
    }
}
