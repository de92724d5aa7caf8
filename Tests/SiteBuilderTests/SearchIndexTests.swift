import AccessRules
import Foundation
import Testing

@testable import SiteBuilder

/// Whole builds with a stand-in for Pagefind whose "index" is a copy of the pages it was given, so each
/// part's files show exactly what that part was made from.
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

    private static let standIn = """
        #!/bin/sh
        # Stands in for Pagefind: `--site DIR --output-path OUT --quiet` copies the pages into OUT.
        if [ "$1" = "--version" ]; then echo "pagefind 1.5.2"; exit 0; fi
        mkdir -p "$4" && cp "$2"/*.html "$4"/ && echo '{}' > "$4/pagefind-entry.json" && echo ui > "$4/pagefind-ui.js" \
            && echo worker > "$4/pagefind-worker.js"

        """

    /// A site with the stand-in as `bin/pagefind`; `script` replaces the stand-in's text.
    private static func site(
        _ pages: [String: String] = pages,
        script: String = standIn,
        function: String = #function
    ) throws -> TestSite {
        let site = try TestSite(pages: pages, function: function)
        try site.write(Data(script.utf8), to: "bin/pagefind")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: site.root + "/bin/pagefind")
        return site
    }

    private static func withSearch(_ site: TestSite) -> (inout BuildOptions) -> Void {
        { options in
            options.buildsSearchIndex = true
            options.pagefind = site.root + "/bin/pagefind"
        }
    }

    private static func manifest(_ site: TestSite) throws -> AccessManifest {
        let text = try #require(site.output(AccessManifest.relativePath))
        return try JSONDecoder().decode(AccessManifest.self, from: Data(text.utf8))
    }

    /// The URL each indexed page names in its metadata, by the folder (rule number) of its part.
    private static func indexedURLs(_ site: TestSite) -> [Int: Set<String>] {
        var urls: [Int: Set<String>] = [:]
        for (path, data) in site.outputFiles() where path.hasPrefix("_search/") && path.hasSuffix(".html") {
            let number = Int(path.split(separator: "/")[1])!
            let html = String(decoding: data, as: UTF8.self)
            let marker = #"data-pagefind-meta="url[content]" content=""#
            let url = html.range(of: marker).map { String(html[$0.upperBound...].prefix { $0 != "\"" }) }
            urls[number, default: []].insert(url ?? "?")
        }
        return urls
    }

    /// The part's files, read together.
    private static func partText(_ site: TestSite, rule: Int) -> String {
        site.outputFiles().filter { $0.key.hasPrefix("_search/\(rule)/") }.values
            .map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
    }

    @Test("Each page is indexed in the part of its own rule only, and each part's files carry that rule")
    func partsFollowRules() throws {
        let site = try Self.site()
        try site.build(Self.withSearch(site))
        let manifest = try Self.manifest(site)
        let ruleOf = { (path: String) in manifest.paths[path]!.rule }
        let (open, finance, signedIn) = (ruleOf("/"), ruleOf("/finance/report/"), ruleOf("/guide/setup/"))
        #expect(Set([open, finance, signedIn]).count == 3)
        #expect(
            Self.indexedURLs(site) == [
                open: ["/", "/finance/contact/"],
                finance: ["/finance/", "/finance/report/"],
                signedIn: ["/guide/", "/guide/setup/"],
            ])
        for path in site.outputFiles().keys where path.hasPrefix("_search/") {
            let folderRule = Int(path.split(separator: "/")[1])!
            #expect(manifest.paths["/" + path]?.rule == folderRule, "\(path)")
        }
        #expect(manifest.paths["/_search/\(open)/0/pagefind-entry.json"] != nil)
        #expect(
            !site.outputFiles().keys.contains { $0.hasSuffix("pagefind-ui.js") }, "Pagefind's own UI is not published")
        #expect(
            !site.outputFiles().keys.contains { $0.hasSuffix("pagefind-worker.js") },
            "nor its worker, which the theme does not use")
    }

    @Test("No part holds a word, title or URL of another part's pages")
    func nothingLeaksAcrossParts() throws {
        let site = try Self.site()
        try site.build(Self.withSearch(site))
        let manifest = try Self.manifest(site)
        let open = Self.partText(site, rule: manifest.paths["/"]!.rule)
        let signedIn = Self.partText(site, rule: manifest.paths["/guide/"]!.rule)
        let finance = Self.partText(site, rule: manifest.paths["/finance/"]!.rule)
        for word in ["kumquat", "Pomegranate", "/finance/report/", "Numbers", "narwhal", "Setup", "/guide/"] {
            #expect(!open.contains(word), "the public part holds '\(word)'")
        }
        #expect(!open.contains(">Finance<") && !open.contains("content=\"Finance"), "a hidden section's title")
        #expect(open.contains("content=\"…\""), "the public page in Finance shows … for its section")
        for word in ["kumquat", "Pomegranate", "lighthouse", "Weekdays"] {
            #expect(!signedIn.contains(word), "the signed-in part holds '\(word)'")
        }
        for word in ["narwhal", "lighthouse", "Weekdays"] {
            #expect(!finance.contains(word), "the Finance part holds '\(word)'")
        }
        #expect(finance.contains("kumquat") && signedIn.contains("narwhal") && open.contains("lighthouse"))
        #expect(signedIn.contains(#"<h2 id="narwhal-options">Narwhal options</h2>"#), "headings keep their ids")
    }

    @Test("Adding the index leaves the rule numbers of every other path as they were")
    func numberingUnchanged() throws {
        let site = try Self.site()
        try site.build()
        let without = try Self.manifest(site)
        try site.build(Self.withSearch(site))
        let with = try Self.manifest(site)
        #expect(with.rules == without.rules)
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
        try site.write(Data(Self.standIn.utf8), to: "bin/pagefind")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: site.root + "/bin/pagefind")
        try site.build(Self.withSearch(site))
        let parts = try Self.manifest(site).paths.filter { !$0.key.hasPrefix("/_search/") && !$0.key.contains(".") }
            .map(\.value.rule)
        let list = "," + Set(parts).sorted().map { "\($0):1" }.joined(separator: ",") + ","
        #expect(site.output("guide/setup/index.html") == "[/_search/|\(list)]")
        try site.write(["site.toml": "title = \"Acme\"\naccess = \"signed-in\"\nsearch = false\n"], under: "site")
        try site.build(Self.withSearch(site))
        #expect(site.output("guide/setup/index.html") == "[|]")
        #expect(!site.outputFiles().keys.contains { $0.hasPrefix("_search/") })
    }

    @Test("The default theme's search field carries the parts and the reader's rules from nginx")
    func defaultThemeField() throws {
        let site = try Self.site()
        try site.build {
            Self.withSearch(site)(&$0)
            $0.templatesFolder = TestSite.defaultTheme
        }
        let html = try #require(site.output("guide/setup/index.html"))
        #expect(html.contains(#"data-search-url="/_search/""#))
        #expect(html.contains(#"data-search-access='<!--# echo var="sitegen_access" default="" -->'"#))
        #expect(html.contains(#"<input class="search-input" id="search-input" type="search""#))
        #expect(html.contains(#"<script src="/assets/search.js" defer></script>"#))
        #expect(site.output("assets/search.js")?.contains("search-worker.js") == true)
        #expect(site.output("assets/search-worker.js")?.contains("mergeIndex") == true)
    }

    @Test("Installing Pagefind after a build without it rebuilds the site")
    func cacheNoticesPagefind() throws {
        let site = try Self.site()
        try site.build()
        let stages = try site.stagesRun(Self.withSearch(site))
        #expect(stages.contains(.buildSearchIndex) && stages.last == .publish)
        #expect(try site.stagesRun(Self.withSearch(site)).last == .checkCache)
    }

    @Test("A Pagefind that fails, or is not release 1, fails the build with what it said")
    func failingPagefind() throws {
        let failing = try Self.site(
            script:
                "#!/bin/sh\n[ \"$1\" = --version ] && echo 'pagefind 1.5.2' && exit 0\necho 'disk full' >&2\nexit 3\n")
        let errors = failing.buildErrors(Self.withSearch(failing))
        #expect(errors.count == 1)
        #expect(errors.first?.contains("failed with status 3: disk full; or set search = false in site.toml") == true)
        #expect(failing.output("index.html") == nil, "nothing is published")

        let old = try Self.site(script: "#!/bin/sh\necho 'pagefind 0.12.0'\n")
        #expect(old.buildErrors(Self.withSearch(old)).first?.contains("needs Pagefind 1.x") == true)

        let missing = try Self.site()
        let missingErrors = missing.buildErrors {
            $0.buildsSearchIndex = true
            $0.pagefind = missing.root + "/bin/nothing"
        }
        #expect(missingErrors == ["search: --pagefind bin/nothing: there is no executable file at this path"])
    }

    @Test("The _search/ folder belongs to the index")
    func reservedFolder() throws {
        var pages = Self.pages
        pages["_search/notes.md"] = "---\ntitle: Notes\n---\n"
        let site = try Self.site(pages)
        let errors = site.buildErrors(Self.withSearch(site))
        #expect(
            errors == [
                "site/_search/notes.md: search: the folder _search/ is where the search index is published; "
                    + "move this file out of it or set search = false in site.toml"
            ])
    }

    @Test("Pagefind is looked for on PATH")
    func lookup() throws {
        let site = try Self.site()
        #expect(Pagefind.onPath(["PATH": "/nonexistent:\(site.root)/bin"])?.path == site.root + "/bin/pagefind")
        #expect(Pagefind.onPath(["PATH": "/nonexistent"]) == nil)
        #expect(Pagefind.onPath([:]) == nil)
    }

    @Test("A rebuild indexes again only the parts whose pages changed, and ends as a clean build would")
    func incrementalParts() throws {
        // The stand-in also notes every index run, with the URLs it was given, in one write per run: parts are
        // indexed in parallel, and one `echo` of a short line to a file opened for appending is not interleaved.
        let logging = Self.standIn.replacingOccurrences(
            of: "mkdir -p",
            with:
                "urls=$(cat \"$2\"/*.html | grep -o 'content=\"/[^\"]*\"' | tr '\\n' ' '); echo \"$urls\" >> \"$0.log\"; mkdir -p"
        )
        let site = try Self.site(script: logging)
        let runs = { () -> [String] in
            let log = (try? String(contentsOfFile: site.root + "/bin/pagefind.log", encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(atPath: site.root + "/bin/pagefind.log")
            return log.split(separator: "\n").map(String.init)
        }
        try site.build(Self.withSearch(site))
        #expect(runs().count == 3)
        try site.write(
            ["finance/report.md": "---\ntitle: Pomegranate report\n---\nThe quince forecast.\n"], under: "site")
        try site.build(Self.withSearch(site))
        let afterEdit = runs()
        #expect(afterEdit.count == 1)
        #expect(afterEdit.first?.contains("/finance/report/") == true)
        let finance = try Self.manifest(site).paths["/finance/report/"]!.rule
        #expect(Self.partText(site, rule: finance).contains("quince"))
        #expect(!Self.partText(site, rule: finance).contains("kumquat"))
        try site.write(["guide/setup.md": "---\ntitle: Installing\n---\nConfigure it.\n"], under: "site")
        try site.build(Self.withSearch(site))
        #expect(runs().count == 1)
        let incremental = site.outputFiles()
        try FileManager.default.removeItem(atPath: site.root + "/public")
        try FileManager.default.removeItem(atPath: site.root + "/.sitegen-cache")
        try site.build(Self.withSearch(site))
        #expect(runs().count == 3)
        #expect(site.outputFiles() == incremental)
    }

    @Test("A rule's part of many pages is split into shards; an edit indexes one shard again")
    func shardedParts() throws {
        var pages = Self.pages
        for number in 0..<24 {
            pages["guide/topic-\(number).md"] = "---\ntitle: Topic \(number)\n---\nAbout the walrus number \(number).\n"
        }
        let logging = Self.standIn.replacingOccurrences(
            of: "mkdir -p", with: "echo \"$PAGEFIND_UNSTABLE_INDEX_CHUNK_SIZE\" >> \"$0.log\"; mkdir -p")
        let site = try Self.site(pages, script: logging)
        let runs = { () -> [String] in
            let log = (try? String(contentsOfFile: site.root + "/bin/pagefind.log", encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(atPath: site.root + "/bin/pagefind.log")
            return log.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
        let sharded = { (options: inout BuildOptions) in
            Self.withSearch(site)(&options)
            options.searchPagesPerShard = 4
            options.templatesFolder = TestSite.defaultTheme
        }
        try site.build(sharded)
        let manifest = try Self.manifest(site)
        let signedIn = manifest.paths["/guide/"]!.rule
        let urls = Self.indexedURLs(site)
        #expect(urls[signedIn]?.count == 26, "the Guide, Setup and 24 topics")
        let shards = Set(
            site.outputFiles().keys.filter { $0.hasPrefix("_search/\(signedIn)/") }.map {
                $0.split(separator: "/")[2]
            })
        #expect(shards.count == 8, "26 pages, at most 4 a shard on average: 8 shards")
        let runsOfFirstBuild = runs()
        #expect(runsOfFirstBuild.count == 8 + 2, "each shard on its own, and the two small parts")
        #expect(runsOfFirstBuild.filter { $0 == "2500" }.count == 8, "shards get smaller chunks")
        #expect(runsOfFirstBuild.filter(\.isEmpty).count == 2, "a part in one piece keeps Pagefind's chunks")
        for path in site.outputFiles().keys where path.hasPrefix("_search/\(signedIn)/") {
            #expect(manifest.paths["/" + path]?.rule == signedIn, "\(path)")
        }
        #expect(site.output("guide/setup/index.html")?.contains(",\(signedIn):8,") == true)

        try site.write(["guide/topic-7.md": "---\ntitle: Topic 7\n---\nAbout the narwhal.\n"], under: "site")
        try site.build(sharded)
        #expect(runs().count == 1, "only the edited page's shard")
        #expect(Self.partText(site, rule: signedIn).contains("About the narwhal."))
        let incremental = site.outputFiles()
        try FileManager.default.removeItem(atPath: site.root + "/public")
        try FileManager.default.removeItem(atPath: site.root + "/.sitegen-cache")
        try site.build(sharded)
        #expect(site.outputFiles() == incremental)
    }
}
