import AccessRules
import Foundation
import Testing

@testable import SiteBuilder

@Suite("Atomic publish and the build cache")
struct PublishTests {
    private static let pages = [
        "index.md": "# Home\n",
        "guide/index.md": "---\ntitle: Guide\n---\n",
        "guide/setup.md": "# Setup\n",
        "guide/logo.png": "png",
    ]

    @Test("A failing build leaves the previous output byte-identical and no staging folder behind")
    func failedBuildKeepsOutput() throws {
        let site = try TestSite(pages: Self.pages)
        try site.build()
        let before = site.outputFiles()
        #expect(
            before.keys.sorted()
                == ([
                    ".sitegen/access.json", "403.html", "404.html", "guide/index.html", "guide/logo.png",
                    "guide/setup/index.html", "index.html", "signed-out/index.html",
                ] + TestSite.builtInAssets).sorted())
        try site.write(["guide/setup.md": "---\nweight: abc\n---\n# Changed\n", "new.md": "# New\n"], under: "site")
        #expect(site.buildErrors().count == 1)
        #expect(site.outputFiles() == before)
        #expect(try site.namesBesideOutput() == [".sitegen-cache", "public", "site", "templates"])
    }

    @Test("A file the output cannot drop keeps the manifest that lists it, and the failure says it is part published")
    func staleFileBeforeTheManifest() throws {
        let site = try TestSite(pages: Self.pages)
        try site.build()
        try site.remove("site/guide/setup.md")
        try site.write(["new.md": "# New\n"], under: "site")
        let stale = site.root + "/public/guide/setup/index.html"
        do {
            _ = try SiteBuilder.build(options: site.options) { event in
                // Once the build has listed the output, the old page becomes something it cannot unlink.
                guard case .stageStarted(.publish, _, _) = event else { return }
                try? FileManager.default.removeItem(atPath: stale)
                try? FileManager.default.createDirectory(atPath: stale + "/held", withIntermediateDirectories: true)
            }
            Issue.record("the build fails")
        } catch {
            #expect(error.partlyPublished && error.outcome.contains("some files may already be new"), "\(error)")
        }
        let live = try JSONDecoder().decode(
            AccessManifest.self, from: Data((site.output(".sitegen/access.json") ?? "").utf8))
        #expect(live.paths["/guide/setup/"] != nil, "the manifest in force still lists the page it could not remove")
        try FileManager.default.removeItem(atPath: stale)
        try site.build()
        #expect(site.output("new/index.html") != nil && site.output("guide/setup/index.html") == nil)
    }

    @Test("A staging folder or cache that cannot be written is named with the system's reason and what to do")
    func fileErrorsReadAsSentences() throws {
        let site = try TestSite(pages: Self.pages)
        try site.write(["afile": "not a folder"], under: ".")
        let staging = try #require(site.buildErrors { $0.outputFolder = site.root + "/afile/public" }.first)
        #expect(staging.contains("afile: a file is in the way); sitegen builds the new site beside"), "\(staging)")
        #expect(!staging.contains("Error Domain") && !staging.contains("could not be completed"))

        try site.write(["afile2": "a file where the cache's folder goes"], under: ".")
        try FileManager.default.moveItem(atPath: site.root + "/afile2", toPath: site.root + "/.sitegen-cache")
        let warnings = try site.build().warnings.map(\.description)
        let cache = try #require(warnings.first { $0.contains("the build cache could not be saved") })
        #expect(cache.contains(".sitegen-cache: a file is in the way); the next build renders every page"), "\(cache)")
        #expect(!cache.contains("Error Domain"))
    }

    @Test("What a build killed while it assembled a staging folder left beside the output goes with the next build")
    func killedStagingIsRemoved() throws {
        let site = try TestSite(pages: Self.pages)
        try site.write(["guide/index.html": "old copy"], under: ".public.tmp-dead1234")
        try site.build()
        #expect(try site.namesBesideOutput() == [".sitegen-cache", "public", "site", "templates"])
    }

    @Test("Files of deleted pages and assets disappear from the output")
    func deletedPagesDisappear() throws {
        let site = try TestSite(pages: Self.pages)
        try site.build()
        try site.remove("site/guide/setup.md")
        try site.remove("site/guide/logo.png")
        try site.build()
        #expect(
            site.outputFiles().keys.sorted()
                == ([
                    ".sitegen/access.json", "403.html", "404.html", "guide/index.html", "index.html",
                    "signed-out/index.html",
                ] + TestSite.builtInAssets).sorted())
        #expect(try site.namesBesideOutput() == [".sitegen-cache", "public", "site", "templates"])
    }

    @Test("Rebuilding an unchanged site leaves the output untouched; stray files make it rebuild")
    func unchangedRebuild() throws {
        let site = try TestSite(pages: Self.pages)
        let first = try site.build()
        #expect(!first.outputUnchanged)
        let inode = try FileManager.default.attributesOfItem(atPath: site.root + "/public")[.systemFileNumber] as? Int
        let second = try site.build()
        #expect(second.outputUnchanged)
        #expect(second.reusedPageCount == 3)
        let after = try FileManager.default.attributesOfItem(atPath: site.root + "/public")[.systemFileNumber] as? Int
        #expect(inode == after)
        try site.write(Data("stray".utf8), to: "public/stray.txt")
        let third = try site.build()
        #expect(!third.outputUnchanged)
        #expect(site.output("stray.txt") == nil)
    }

    @Test("An unchanged site ends the build after the cache check, with the same report and warnings")
    func upToDate() throws {
        let site = try TestSite(pages: Self.pages.merging(["index.md": "# Home\n\n[gone](missing.md)\n"]) { $1 })
        let first = try site.build { $0.brokenLinksAreWarnings = true }
        let output = site.outputFiles()
        #expect(try site.stagesRun { $0.brokenLinksAreWarnings = true }.last == BuildStage.checkCache)
        let second = try site.build { $0.brokenLinksAreWarnings = true }
        #expect(second.outputUnchanged)
        #expect(second.warnings == first.warnings)
        #expect(second.warnings.count == 1)
        #expect(
            second.pageCount == 3 && second.assetCount == 1 + TestSite.builtInAssets.count
                && second.reusedPageCount == 3)
        #expect(site.outputFiles() == output)
    }

    @Test("A change to any input runs the whole build: a page, an asset, a template, site.toml or an option")
    func changedInputs() throws {
        let site = try TestSite(pages: Self.pages)
        try site.build()
        let changes: [(TestSite) throws -> Void] = [
            { try $0.write(["guide/setup.md": "# Set up\n"], under: "site") },
            { try $0.write(Data("gif".utf8), to: "site/guide/logo.png") },
            { try $0.write(["partials/footer.mustache": "<footer>"], under: "templates") },
            { try $0.write(Data("a { }".utf8), to: "templates/assets/theme.css") },
            { try $0.write(["site.toml": "title = \"Docs\"\n"], under: "site") },
        ]
        for change in changes {
            try change(site)
            #expect(try site.stagesRun().last == BuildStage.publish)
            #expect(try site.stagesRun().last == BuildStage.checkCache)
        }
        #expect(try site.stagesRun { $0.includeDrafts = true }.last == BuildStage.publish)
        #expect(site.output("guide/logo.png") == "gif")
        #expect(site.output("assets/theme.css") == "a { }")
    }

    @Test("An output file changed in place, even to the same size, is noticed and written again")
    func sameSizeTampering() throws {
        let site = try TestSite(pages: Self.pages.merging(["guide/setup.md": "# Setup\n\nSome text.\n"]) { $1 })
        try site.build()
        let original = try #require(site.output("guide/setup/index.html"))
        try site.write(
            Data(String(repeating: "x", count: original.utf8.count).utf8), to: "public/guide/setup/index.html")
        let report = try site.build()
        #expect(!report.outputUnchanged)
        #expect(report.changedFiles == ["guide/setup/index.html"])
        #expect(site.output("guide/setup/index.html") == original)
    }

    @Test("A changed title re-renders every page whose navigation shows it")
    func navigationChangeInvalidates() throws {
        let templates = TestSite.contentOnlyTemplates.merging([
            "page.mustache": "{{#nav}}{{title}};{{/nav}}", "section.mustache": "{{#nav}}{{title}};{{/nav}}",
        ]) { $1 }
        let site = try TestSite(pages: Self.pages, templates: templates)
        try site.build()
        #expect(site.output("guide/setup/index.html") == "Guide;")
        try site.write(["guide/index.md": "---\ntitle: Handbook\n---\n"], under: "site")
        let report = try site.build()
        #expect(report.reusedPageCount == 0)
        #expect(site.output("guide/setup/index.html") == "Handbook;")
        #expect(site.output("index.html") == "Handbook;")
    }

    @Test("A template change re-renders the pages that use it; a tampered output file is rewritten")
    func templateChangeAndTampering() throws {
        let site = try TestSite(pages: Self.pages)
        try site.build()
        try site.write(Data("tampered".utf8), to: "public/guide/setup/index.html")
        let report = try site.build()
        #expect(report.reusedPageCount == 2)
        // `# Setup` repeats the page's title, so it is left out of the text.
        #expect(site.output("guide/setup/index.html") == "")
        try site.write(["page.mustache": "<div>{{{page.content_html}}}</div>"], under: "templates")
        let afterTemplate = try site.build()
        #expect(afterTemplate.reusedPageCount == 2)
        #expect(afterTemplate.changedFiles == ["guide/setup/index.html"])
        #expect(site.output("guide/setup/index.html") == "<div></div>")
        try site.write(["layout.mustache": "<main>{{$content}}{{/content}}</main>"], under: "templates")
        let afterLayout = try site.build()
        #expect(afterLayout.reusedPageCount == 1)
        #expect(site.output("guide/index.html") == "<main></main>")
        try site.write(["partials/footer.mustache": "<footer>"], under: "templates")
        #expect(try site.build().reusedPageCount == 3)
    }

    @Test("Assets are copied byte for byte; hidden files and folders are skipped")
    func assets() throws {
        let site = try TestSite(pages: ["index.md": ""])
        let bytes = Data((0...255).map { UInt8($0) } + [0, 13, 10])
        try site.write(bytes, to: "site/files/all-bytes.bin")
        try site.write(Data("secret".utf8), to: "site/.env")
        try site.write(Data("x".utf8), to: "site/.git/config")
        try site.write(Data("# hidden".utf8), to: "site/.drafts/page.md")
        try site.write(Data("body{}".utf8), to: "templates/assets/theme.css")
        try site.write(Data("x".utf8), to: "templates/assets/.DS_Store")
        try site.build()
        let files = site.outputFiles()
        #expect(files["files/all-bytes.bin"] == bytes)
        #expect(files["assets/theme.css"] == Data("body{}".utf8))
        #expect(
            files.keys.sorted()
                == Set(
                    [
                        ".sitegen/access.json", "403.html", "404.html", "assets/theme.css", "files/all-bytes.bin",
                        "index.html", "signed-out/index.html",
                    ] + TestSite.builtInAssets
                ).sorted())
    }

    @Test("The output folder may not be the site folder, contain it, or be the current folder")
    func dangerousOutput() throws {
        let site = try TestSite(pages: ["index.md": ""])
        #expect(
            site.buildErrors { $0.outputFolder = site.root + "/site" }.first?.contains("would replace the site folder")
                == true)
        #expect(
            site.buildErrors { $0.outputFolder = site.root }.first?.contains("would replace the site folder") == true)
        #expect(
            site.buildErrors { $0.outputFolder = site.root + "/site/out" }.first?.contains("inside the site folder")
                == true)
        #expect(site.buildErrors { $0.outputFolder = "." }.first?.contains("refusing to replace") == true)
        // Inside the templates folder, the next build would publish this one's pages as theme assets, all public.
        #expect(
            site.buildErrors { $0.outputFolder = site.root + "/templates/assets/pub" }.first?.contains(
                "inside the templates folder") == true)
        // A symbolic link on the way to an output not made yet counts where it leads.
        try FileManager.default.createSymbolicLink(atPath: site.root + "/sitelink", withDestinationPath: "site")
        #expect(
            site.buildErrors { $0.outputFolder = site.root + "/sitelink/out" }.first?.contains(
                "inside the site folder") == true)
    }

    @Test("A refused output folder is the only error: the build stops before any stage reads the site")
    func dangerousOutputStopsAtOnce() throws {
        let site = try TestSite(pages: Self.pages)
        let errors = site.buildErrors { $0.outputFolder = site.root + "/site/out" }
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.contains("inside the site folder") == true)
        var options = site.options
        options.outputFolder = site.root + "/site/out"
        let events = Recorded<BuildProgress>()
        #expect(throws: BuildFailure.self) { try SiteBuilder.build(options: options) { events.record($0) } }
        #expect(events.all.isEmpty)
    }
}
