import AccessRules
import Foundation
import Testing

@testable import SiteBuilder

@Suite("Content model and collected errors")
struct ContentTests {
    @Test("index.md and _index.md in one folder is an error naming both")
    func twoSectionPages() throws {
        let site = try TestSite(pages: ["index.md": "", "guide/index.md": "", "guide/_index.md": ""])
        #expect(
            site.buildErrors() == [
                "site/guide/index.md: content: both site/guide/_index.md and site/guide/index.md are the "
                    + "section page of 'guide'; keep one"
            ])
    }

    @Test("Two pages mapping to one URL is an error naming both files")
    func duplicateURL() throws {
        let site = try TestSite(pages: ["index.md": "", "guide.md": "", "guide.markdown": ""])
        let errors = site.buildErrors()
        #expect(
            errors == [
                "site/guide.md: url: site/guide.markdown and site/guide.md both map to /guide/; "
                    + "rename or move one of them"
            ])
    }

    @Test("Two file names that differ only in Unicode code points (é composed or not) are an error that says so")
    func canonicallyEquivalentNames() throws {
        let site = try TestSite(pages: [
            "index.md": "", "caf\u{E9}.md": "---\naccess: public\n---\nOpen.\n",
        ])
        let decomposed = site.root + "/site/cafe\u{301}.md"
        #expect(
            FileManager.default.createFile(
                atPath: decomposed, contents: Data("---\naccess:\n  roles: [Finance.Read]\n---\nSecret.\n".utf8)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.root + "/site").count == 3)
        let errors = site.buildErrors()
        #expect(errors.count == 1)
        #expect(errors.first?.contains("is there twice, its name spelled with different Unicode code points") == true)
    }

    @Test("Symbolic links in the site folder are followed, to a folder or a file; hidden and dangling entries are not")
    func symbolicLinksInTheSiteFolder() throws {
        let site = try TestSite(pages: ["index.md": "", ".drafts/hidden.md": "", "elsewhere/ignored.txt": ""])
        let shared = site.root + "/shared"
        try site.write(["guide/setup.md": "# Setup\n\nSteps.\n", "logo.txt": "logo"], under: "shared")
        let files = FileManager.default
        try files.createSymbolicLink(atPath: site.root + "/site/linked", withDestinationPath: shared + "/guide")
        try files.createSymbolicLink(atPath: site.root + "/site/logo.txt", withDestinationPath: shared + "/logo.txt")
        try files.createSymbolicLink(atPath: site.root + "/site/gone.md", withDestinationPath: shared + "/nothing.md")
        try site.build()
        #expect(site.output("linked/setup/index.html")?.contains("Steps.") == true)
        #expect(site.output("logo.txt") == "logo")
        #expect(site.output("elsewhere/ignored.txt") == "")
        #expect(site.output(".drafts/hidden/index.html") == nil)
        #expect(site.output("gone/index.html") == nil)
    }

    @Test("A symbolic link to somewhere in the site folder is an error naming both: it would publish that twice")
    func symbolicLinksWithinTheSiteFolder() throws {
        let site = try TestSite(pages: [
            "index.md": "", "fin/index.md": "---\naccess: { roles: [Finance.Read] }\n---\n",
            "fin/q3.md": "SECRET-Q3", "fin/reports/chart.csv": "SECRET-CHART", "pub/index.md": "",
        ])
        let files = FileManager.default
        try files.createSymbolicLink(atPath: site.root + "/site/pub/q3.md", withDestinationPath: "../fin/q3.md")
        try files.createSymbolicLink(
            atPath: site.root + "/site/shared", withDestinationPath: site.root + "/site/fin/reports")
        try files.createSymbolicLink(atPath: site.root + "/site/pub/loop", withDestinationPath: "..")
        #expect(
            Set(site.buildErrors()) == [
                "site/pub/q3.md: content: a symbolic link to site/fin/q3.md, which is in the site folder too: what it "
                    + "names would be published twice, under the access rules of both places; link to it instead (a "
                    + "page by its .md path), or move it here",
                "site/shared: content: a symbolic link to site/fin/reports, which is in the site folder too: what it "
                    + "names would be published twice, under the access rules of both places; link to it instead (a "
                    + "page by its .md path), or move it here",
                "site/pub/loop: content: a symbolic link to site, which is in the site folder too: what it "
                    + "names would be published twice, under the access rules of both places; link to it instead (a "
                    + "page by its .md path), or move it here",
            ])
        #expect(site.output("pub/q3/index.html") == nil && site.output("shared/chart.csv") == nil)
    }

    @Test("A symbolic link into the output folder or the build cache is an error: it would publish every page's text")
    func symbolicLinksIntoBuilds() throws {
        let site = try TestSite(pages: [
            "index.md": "", "fin/index.md": "---\naccess: { roles: [Finance.Read] }\n---\nSECRET\n", "pub/index.md": "",
        ])
        try site.build()
        let files = FileManager.default
        try files.createSymbolicLink(atPath: site.root + "/site/pub/mirror", withDestinationPath: "../../public")
        try files.createSymbolicLink(atPath: site.root + "/site/pub/cache", withDestinationPath: "../../.sitegen-cache")
        #expect(
            Set(site.buildErrors()) == [
                "site/pub/mirror: content: a symbolic link into the output folder, which builds write, where every "
                    + "page's text lies whatever its rule; remove it",
                "site/pub/cache: content: a symbolic link into the build cache, which builds write, where every "
                    + "page's text lies whatever its rule; remove it",
            ])
        #expect(site.output("pub/mirror/fin/index.html") == nil)
    }

    @Test("A theme asset that is a symbolic link to a file of the site folder is an error: it would be public")
    func themeAssetLinkedIntoTheSite() throws {
        let site = try TestSite(pages: [
            "index.md": "", "fin/index.md": "---\naccess: { roles: [Finance.Read] }\n---\n", "fin/budget.pdf": "SECRET",
        ])
        try FileManager.default.createDirectory(
            atPath: site.root + "/templates/assets", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: site.root + "/templates/assets/b.pdf", withDestinationPath: site.root + "/site/fin/budget.pdf")
        let errors = site.buildErrors()
        #expect(
            errors.contains {
                $0.contains("templates/assets/b.pdf") && $0.contains("a symbolic link to site/fin/budget.pdf")
            }, "\(errors)")
        #expect(site.output("assets/b.pdf") == nil)
    }

    @Test("The output folder is listed with every regular file, hidden ones included, and no symbolic link")
    func outputListing() throws {
        let site = try TestSite(pages: [:])
        try site.write(["a.html": "a", ".hidden": "h", "deep/er/b.html": "bb", "empty/.keep": ""], under: "out")
        let folder = site.root + "/out"
        let files = FileManager.default
        try files.createSymbolicLink(atPath: folder + "/link.html", withDestinationPath: folder + "/a.html")
        try files.createSymbolicLink(atPath: folder + "/linked", withDestinationPath: folder + "/deep")
        let listed = OutputTree.files(in: folder)
        #expect(listed.keys.sorted() == [".hidden", "a.html", "deep/er/b.html", "empty/.keep"])
        #expect(listed["deep/er/b.html"] == FileStamp.of(folder + "/deep/er/b.html"))
        #expect(listed["deep/er/b.html"]?.size == 2)
        #expect(OutputTree.files(in: site.root + "/missing").isEmpty)
    }

    @Test("Given the last build's record, folders unchanged since it started are not read, yet every change shows")
    func outputListingSinceRecord() throws {
        let site = try TestSite(pages: [:])
        try site.write(
            ["a.html": "a", "deep/c.html": "c", "deep/er/b.html": "bb", "page/index.html": "p"], under: "out")
        let folder = site.root + "/out"
        let listed = OutputTree.files(in: folder)
        // The record of a build that started just after every folder last changed, less the racy window.
        let folders = [folder, folder + "/deep", folder + "/deep/er", folder + "/page"]
        let started = try folders.map { try statusChange(of: $0) }.max()! + BuildRecord.racyWindow + 1
        func record(of files: [String: FileStamp]) -> BuildRecord {
            BuildRecord(
                generator: "g", options: "o", started: started, linkTargets: "", inputs: [:],
                files: files.mapValues { BuildRecord.Entry(key: "k", stamp: $0) }, pageCount: 0, assetCount: 0,
                aliasCount: 0, access: AccessCounts(signedIn: 0, public: 0, restricted: 0), warnings: [])
        }
        // An unchanged folder is taken to hold what the record says: a file it leaves out is not looked for.
        var partial = listed
        partial["deep/c.html"] = nil
        #expect(OutputTree.files(in: folder, since: record(of: partial)) == partial)
        #expect(OutputTree.files(in: folder, since: record(of: listed)) == listed)

        // Changes made after the build started (a tick of the file system's clock later) are all seen.
        Thread.sleep(forTimeInterval: 0.05)
        let files = FileManager.default
        try site.write(["deep/er/b.html": "changed", "deep/er/new.html": "n", "page/sub/x.html": "x"], under: "out")
        let before = try #require(files.attributesOfItem(atPath: folder + "/deep/er")[.modificationDate] as? Date)
        try files.setAttributes(
            [.modificationDate: before.addingTimeInterval(-3600)], ofItemAtPath: folder + "/deep/er")
        try files.removeItem(atPath: folder + "/a.html")
        try files.createSymbolicLink(atPath: folder + "/a.html", withDestinationPath: folder + "/page/index.html")
        let now = OutputTree.files(in: folder, since: record(of: listed))
        #expect(now == OutputTree.files(in: folder))
        #expect(
            now.keys.sorted() == [
                "deep/c.html", "deep/er/b.html", "deep/er/new.html", "page/index.html", "page/sub/x.html",
            ])
        #expect(now["deep/er/b.html"]?.size == 7)
    }

    private func statusChange(of path: String) throws -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else { throw CocoaError(.fileReadNoSuchFile) }
        return Int(info.st_ctim.tv_sec) * 1_000_000_000 + info.st_ctim.tv_nsec
    }

    @Test("An alias or asset colliding with a page or the 404 page is an error naming both")
    func outputCollisions() throws {
        let site = try TestSite(pages: [
            "index.md": "", "a.md": "", "b.md": "---\naliases: [/a/]\n---\n", "404.html": "custom",
        ])
        #expect(
            site.buildErrors() == [
                "site/404.html: content: the 404 page (404.mustache) and site/404.html both map to /404.html; "
                    + "rename or move one of them",
                "site/b.md:2: url: site/a.md and the alias '/a/' in site/b.md both map to /a/; "
                    + "rename or move one of them",
            ])
    }

    @Test("An alias under a folder sitegen keeps, or below a file the site publishes, is an error on its line")
    func reservedAliases() throws {
        let site = try TestSite(pages: [
            "index.md": "", "guide/pic.png": "png",
            "b.md": "---\naliases:\n  - /.sitegen/x/\n  - /.auth/login\n  - /_search/\n  - /guide/pic.png\n"
                + "  - /ok/\n---\n",
        ])
        #expect(
            site.buildErrors() == [
                "site/b.md:3: url: alias '/.sitegen/x/' is under /.sitegen/, which sitegen keeps for the access "
                    + "manifest; choose another old path",
                "site/b.md:4: url: alias '/.auth/login' is under /.auth/, which sitegen keeps for sitegen-auth's "
                    + "sign-in; choose another old path",
                "site/b.md:5: url: alias '/_search/' is under /_search/, which sitegen keeps for the search index; "
                    + "choose another old path",
                "site/b.md:6: url: alias '/guide/pic.png' needs /guide/pic.png/ to be a folder, where the site "
                    + "publishes a file; choose another old path",
            ])
    }

    @Test("A page claiming the path of an alias written before it is reported at the alias's line")
    func aliasBeforeItsPage() throws {
        let site = try TestSite(pages: [
            "index.md": "", "guide/a-first.md": "---\ntitle: A\naliases: [/guide/]\n---\n", "guide/index.md": "",
        ])
        #expect(
            site.buildErrors() == [
                "site/guide/a-first.md:3: url: the alias '/guide/' in site/guide/a-first.md and site/guide/index.md "
                    + "both map to /guide/; rename or move one of them"
            ])
    }

    @Test("A clash with an alias names the URL as a link to it is written, encoded like every other URL")
    func aliasCollisionURLs() throws {
        let site = try TestSite(pages: [
            "index.md": "", "a b.md": "", "c.md": "---\naliases: [/a b/, /oldindex.html]\n---\n",
            "oldindex.html": "old",
        ])
        #expect(
            site.buildErrors() == [
                "site/c.md:2: url: site/a b.md and the alias '/a b/' in site/c.md both map to /a%20b/; "
                    + "rename or move one of them",
                "site/c.md:2: url: site/oldindex.html and the alias '/oldindex.html' in site/c.md both map to "
                    + "/oldindex.html; rename or move one of them",
            ])
    }

    @Test("A page naming one old path twice redirects once; two pages naming it is an error naming both")
    func repeatedAliases() throws {
        let site = try TestSite(pages: [
            "index.md": "",
            "a.md": "---\naliases: [/old/, /old/index.html]\nredirect_from: [/old/, /a.html]\n---\n",
        ])
        let report = try site.build()
        #expect(report.aliasCount == 2)
        #expect(site.output("old/index.html")?.contains(#"url=/a/">"#) == true)
        #expect(site.output("a.html")?.contains(#"url=/a/">"#) == true)
        try site.write(["b.md": "---\naliases: [/old/]\n---\n"], under: "site")
        #expect(
            site.buildErrors() == [
                "site/b.md:2: url: the alias '/old/' in site/a.md and the alias '/old/' in site/b.md both map to "
                    + "/old/; rename or move one of them"
            ])
    }

    @Test("An alias naming the page's own address is the page itself; / on another page clashes with the home page")
    func aliasesOfTheirOwnPage() throws {
        let site = try TestSite(pages: [
            "index.md": "---\npermalink: /\naliases: [/index.html]\n---\n",
            "guide/index.md": "---\npermalink: /guide/\n---\n",
            "guide/setup.md": "---\npermalink: /guide/setup.html\naliases: [guide/setup/]\n---\n",
        ])
        let report = try site.build()
        #expect(report.aliasCount == 1)
        #expect(site.output("guide/setup.html")?.contains(#"url=/guide/setup/">"#) == true)
        #expect(site.output("index.html")?.contains("http-equiv") == false)
        try site.write(["other.md": "---\naliases: [/]\n---\n"], under: "site")
        #expect(
            site.buildErrors() == [
                "site/other.md:2: url: site/index.md and the alias '/' in site/other.md both map to /; rename or move "
                    + "one of them"
            ])
    }

    @Test(
        "A Jekyll source builds without Jekyll's own files and folders; a README beside index.md is a page"
    )
    func jekyllSource() throws {
        let site = try TestSite(pages: [
            "_config.yml": "title: Docs\n", "_layouts/default.html": "{{ content }}", "_includes/nav.html": "<nav>",
            "_sass/main.scss": "a{}", "_data/team.yml": "- Ann\n", "_drafts/soon.md": "Soon.\n",
            "_site/index.html": "old output", "Gemfile": "source 'https://rubygems.org'\n", "Gemfile.lock": "",
            "vendor/bundle/x.rb": "", "node_modules/x/index.js": "",
            "index.md": "---\nlayout: home\n---\n", "_posts/2024-01-02-hello.md": "Hello.\n",
            "_docs/intro.md": "Intro.\n", "assets/site.css": "body{}", "guide/Gemfile": "kept below the top\n",
        ])
        let report = try site.build()
        #expect(report.warnings.isEmpty)
        let published = Set(site.outputFiles().keys)
        for kept in [
            "index.html", "_posts/2024-01-02-hello/index.html", "_docs/intro/index.html", "assets/site.css",
            "guide/Gemfile",
        ] {
            #expect(published.contains(kept), "\(kept)")
        }
        let jekylls = [
            "_config.yml", "_layouts", "_includes", "_sass", "_data", "_drafts", "_site", "Gemfile", "vendor",
        ]
        for name in jekylls + ["node_modules"] {
            #expect(!published.contains { $0 == name || $0.hasPrefix(name + "/") }, "\(name)")
        }

        // A README beside index.md is a page of its own, as Jekyll publishes it, in any folder.
        try site.write(
            ["README.md": "# Repository\n", "guide/index.md": "# Guide\n", "guide/readme.md": ""], under: "site")
        try site.build()
        #expect(site.output("README/index.html") != nil && site.output("index.html") != nil)
        #expect(site.output("guide/readme/index.html") != nil)
        try FileManager.default.removeItem(atPath: site.root + "/site/guide/readme.md")

        // Without _config.yml, the folder is no Jekyll source, and every file is the site's.
        try FileManager.default.removeItem(atPath: site.root + "/site/_config.yml")
        try FileManager.default.removeItem(atPath: site.root + "/site/README.md")
        try site.build()
        #expect(site.output("Gemfile") != nil && site.output("_layouts/default.html") != nil)
    }

    @Test("The title of a Jekyll source's _config.yml is the site's, unless site.toml sets one")
    func jekyllTitle() throws {
        let templates = TestSite.contentOnlyTemplates.merging(["section.mustache": "{{site.title}}"]) { $1 }
        let site = try TestSite(pages: ["_config.yml": "title: Team Docs\n", "index.md": ""], templates: templates)
        try site.build()
        #expect(site.output("index.html") == "Team Docs")
        try site.write(["_config.yml": "title: Platform Docs\n"], under: "site")
        try site.build()
        #expect(site.output("index.html") == "Platform Docs", "a new title is seen at once")
        try site.write(["site.toml": "title = \"Handbook\"\n"], under: "site")
        try site.build()
        #expect(site.output("index.html") == "Handbook")
        try site.write(["site.toml": "", "_config.yml": "title: [unclosed\n"], under: "site")
        try site.build()
        #expect(site.output("index.html") == "Documentation")
    }

    @Test("A Jekyll source leaves out what the exclude list of _config.yml names; a list it cannot read warns")
    func jekyllExcludeList() throws {
        let site = try TestSite(pages: [
            "_config.yml": "title: Docs\nexclude: [README.md, scripts/, \"*.sh\", /notes, ./drafts]\n",
            "index.md": "", "README.md": "# Repository\n", "scripts/build.py": "", "deploy.sh": "",
            "guide/run.sh": "", "notes/todo.md": "", "drafts/a.md": "", "notes.txt": "kept", "guide/setup.md": "",
        ])
        try site.build()
        let published = Set(site.outputFiles().keys)
        #expect(published.isSuperset(of: ["index.html", "notes.txt", "guide/setup/index.html"]))
        for gone in ["README/index.html", "scripts/build.py", "deploy.sh", "guide/run.sh", "notes/todo/index.html"]
            + ["drafts/a/index.html"]
        {
            #expect(!published.contains(gone), "\(gone)")
        }
        #expect(JekyllSource.isExcluded("docs/a.md", by: ["doc"]) == false, "a folder is matched whole")

        try site.write(["_config.yml": "exclude: README.md\n"], under: "site")
        try site.build()
        #expect(site.output("README/index.html") == nil, "one path on its own is a list of one")

        try FileManager.default.removeItem(atPath: site.root + "/site/README.md")
        let unread = "\(site.root)/site/_config.yml: config: Jekyll's exclude list is not followed, since "
        for (config, reason) in [
            (
                "exclude: {README.md: true}\n",
                "its 'exclude' is not a list of paths, e.g. exclude: [README.md, scripts/]"
            ),
            ("title: [Docs\n", "it is not valid YAML, which Jekyll cannot read either"),
        ] {
            try site.write(["_config.yml": config], under: "site")
            let warnings = try site.build().warnings.map(\.description)
            #expect(warnings == [unread + reason + "; the files it names are published"], "\(warnings)")
            #expect(site.output("deploy.sh") != nil)
        }
    }

    @Test("Each alias's stub leads to its own page, and the manifest gives it that page's rule, drafts left out")
    func aliasesLeadToTheirPages() throws {
        let site = try TestSite(pages: [
            "site.toml": "access = \"public\"\n",
            "index.md": "---\naliases: [/start/]\n---\n",
            "a/draft.md": "---\ndraft: true\naliases: [/gone/]\n---\n",
            "a/one.md": "---\naliases: [/old/one/, first.html]\naccess: signed-in\n---\n",
            "b/two.md": "---\naliases: [x/../old two/]\n---\n",
        ])
        let report = try site.build()
        #expect(report.aliasCount == 4)
        #expect(site.output("gone/index.html") == nil)
        for (stub, target) in [
            ("start/index.html", "/"), ("old/one/index.html", "/a/one/"), ("first.html", "/a/one/"),
            ("old two/index.html", "/b/two/"),
        ] {
            #expect(site.output(stub)?.contains(#"<meta http-equiv="refresh" content="0; url=\#(target)">"#) == true)
        }
        let manifest = try JSONDecoder().decode(
            AccessManifest.self, from: Data((site.output(".sitegen/access.json") ?? "").utf8))
        let rule = { (path: String) in manifest.paths[path].map { manifest.rules[$0.rule] } }
        #expect(rule("/old/one/") == .signedIn && rule("/first.html") == .signedIn)
        #expect(rule("/old two/") == .public && rule("/start/") == .public && rule("/gone/") == nil)
    }

    @Test("A theme asset and a site file at the same output path is an error")
    func themeAssetCollision() throws {
        let site = try TestSite(pages: ["index.md": "", "assets/theme.css": "site"])
        try site.write(["assets/theme.css": "theme"], under: "templates")
        #expect(
            site.buildErrors().first?.hasSuffix("both map to /assets/theme.css; rename or move one of them") == true)
    }

    @Test("Errors of different stages and files are all listed in one build")
    func everyErrorListed() throws {
        var templates = TestSite.contentOnlyTemplates
        templates["partials/nav.mustache"] = "{{> missing}}"
        let site = try TestSite(
            pages: [
                "site.toml": "colour = 1",
                "index.md": "---\nweight: x\n---\n[a](gone.md)\n",
                "b.md": "---\ndate: soon\n---\n",
            ], templates: templates)
        let errors = site.buildErrors()
        #expect(errors.count == 5)
        #expect(
            errors.map { $0.split(separator: ":").first ?? "" } == [
                "site/site.toml", "site/b.md", "site/index.md", "site/index.md", "templates/partials/nav.mustache",
            ])
    }

    @Test("A problem found by work a stage left running in the background is reported under that stage")
    func backgroundProblemsKeepTheirStage() {
        let log = BuildLog(plan: BuildStage.allCases, brokenLinksAreWarnings: false, progress: nil)
        log.start(.buildSearchIndex)
        log.start(.renderPages)
        log.report(
            [Problem(message: "cannot write _search/k4vz2mqa/0/index.json: disk full")], foundBy: .buildSearchIndex)
        log.report(Problem(file: "site/a.md", message: "cannot read this file"))
        #expect(log.errors.map(\.stage) == [.buildSearchIndex, .renderPages])
        #expect(log.stage == .renderPages)
    }

    @Test("A missing site folder is one clear error")
    func missingSiteFolder() throws {
        let site = try TestSite(pages: [:])
        #expect(
            site.buildErrors { $0.siteFolder = site.root + "/nope" }.map {
                $0.replacingOccurrences(of: site.root, with: "")
            } == [
                "content: there is no site folder 'nope'; pass --site DIR, or start a site with `sitegen new NAME`"
            ])
    }

    @Test("A site folder that is a file is told apart from a missing one")
    func siteFolderIsAFile() throws {
        let site = try TestSite(pages: [:])
        try Data("# Home\n".utf8).write(to: URL(fileURLWithPath: site.root + "/index.md"))
        #expect(
            site.buildErrors { $0.siteFolder = site.root + "/index.md" } == [
                "content: the site folder 'index.md' is a file; pass --site DIR"
            ])
    }
}
