import Foundation
import Testing

@testable import SiteBuilder

@Suite("The built-in theme and the files that override it")
struct ThemeTests {
    private static let pages = [
        "index.md": "---\ntitle: Home\n---\nSee the [guide](guide/index.md).\n",
        "guide/index.md": "---\ntitle: Guide\n---\n",
        "guide/setup.md": "---\ntitle: Setup\n---\n## Install\n\nText.\n",
    ]

    /// Builds `pages` with the theme overrides `templates` beside the site folder (none: the built-in theme alone).
    private func build(templates: [String: String]) throws -> TestSite {
        let site = try TestSite(pages: Self.pages, templates: templates)
        try site.build { $0.templatesFolder = nil }
        return site
    }

    @Test("A site without a templates folder builds with the built-in theme, assets included")
    func builtInOnly() throws {
        let site = try build(templates: [:])
        #expect(!FileManager.default.fileExists(atPath: site.root + "/templates"))
        let page = try #require(site.output("guide/setup/index.html"))
        #expect(page.contains("<link rel=\"stylesheet\" href=\"/assets/theme.css\">"))
        #expect(page.contains("<h1>Setup</h1>"))
        #expect(page.contains("<h2 id=\"install\">Install</h2>"))
        for asset in TestSite.builtInAssets {
            #expect(site.outputFiles()[asset] == BuiltInTheme.files[asset])
        }
    }

    @Test("Overriding one partial changes only what it renders; every other file stays built in")
    func onePartial() throws {
        let footer = try #require(BuiltInTheme.files["partials/footer.mustache"])
        let plain = try build(templates: [:])
        let site = try build(templates: [
            "partials/footer.mustache": "<!-- mine -->" + String(decoding: footer, as: UTF8.self)
        ])
        for path in ["index.html", "guide/index.html", "guide/setup/index.html", "404.html", "403.html"] {
            let expected = plain.output(path)?.replacingOccurrences(
                of: "<footer class=\"site-footer\">", with: "<!-- mine --><footer class=\"site-footer\">")
            #expect(site.output(path) == expected)
            #expect(site.output(path)?.contains("<!-- mine -->") == true)
        }
        let sources = SiteBuilder.themeSources(options: BuildOptions(siteFolder: site.root + "/site"))
        #expect(sources.overrideFolders == [site.root + "/templates"])
        #expect(sources.overriddenFiles == ["partials/footer.mustache"])
    }

    @Test("An overridden layout is used by the built-in templates; an override asset replaces the built-in one")
    func layoutAndAssets() throws {
        let site = try build(templates: [
            "layout.mustache": "<main>{{$content}}{{/content}}</main>",
            "assets/theme.css": "body { color: red }",
            "assets/extra.js": "// mine",
        ])
        #expect(site.output("404.html")?.hasPrefix("<main><div class=\"content-grid\">") == true)
        #expect(site.output("assets/theme.css") == "body { color: red }")
        #expect(site.output("assets/extra.js") == "// mine")
        #expect(site.outputFiles()["assets/favicon.svg"] == BuiltInTheme.files["assets/favicon.svg"])
    }

    @Test("A template or partial an override folder adds can be picked and included")
    func addedTemplate() throws {
        let site = try TestSite(
            pages: ["index.md": "---\ntemplate: landing\ntitle: Hi\n---\n"],
            templates: [
                "landing.mustache": "{{<layout}}{{$content}}{{> banner}}{{/content}}{{/layout}}",
                "partials/banner.mustache": "<p class=\"banner\">{{page.title}}</p>",
            ])
        try site.build()
        #expect(
            site.output("index.html")?.contains(
                "<main id=\"content\" class=\"main\" tabindex=\"-1\">\n<p class=\"banner\">Hi</p>") == true)
    }

    @Test("--templates naming a missing folder is an error; templates/ beside the site folder may be missing")
    func missingFolder() throws {
        let site = try TestSite(pages: ["index.md": ""], templates: [:])
        #expect(
            site.buildErrors { $0.templatesFolder = site.root + "/theme" } == [
                "template: the templates folder 'theme' does not exist; create it, or leave out --templates to use "
                    + "the built-in theme"
            ])
        #expect(site.buildErrors { $0.templatesFolder = nil } == [])
    }

    @Test("The override folder is templates/ beside the site folder")
    func defaultFolder() {
        #expect(BuildOptions(siteFolder: "site").themeFolder == "templates")
        #expect(BuildOptions(siteFolder: "docs/site/").themeFolder == "docs/templates")
        #expect(BuildOptions(siteFolder: "/srv/docs/site").themeFolder == "/srv/docs/templates")
        #expect(BuildOptions(siteFolder: "site", templatesFolder: "theme").themeFolder == "theme")
        let sources = SiteBuilder.themeSources(options: BuildOptions(siteFolder: "/nonexistent/site"))
        #expect(sources.overrideFolders == ["/nonexistent/templates"])
        #expect(sources.overriddenFiles == [])
        #expect(sources.builtInFiles.contains("partials/footer.mustache"))
    }

    @Test("theme export writes the built-in theme byte for byte: the repository's templates/")
    func exportAll() throws {
        let site = try TestSite(pages: [:], templates: [:])
        let written = try SiteBuilder.exportTheme(to: site.root + "/theme")
        #expect(written == BuiltInTheme.files.keys.sorted())
        for path in written {
            let exported = FileManager.default.contents(atPath: site.root + "/theme/" + path)
            #expect(exported == FileManager.default.contents(atPath: TestSite.defaultTheme + "/" + path), "\(path)")
        }
        let repository = FileManager.default.enumerator(atPath: TestSite.defaultTheme)?.allObjects as? [String] ?? []
        let repositoryFiles = repository.filter {
            !$0.hasSuffix("/") && FileManager.default.contents(atPath: TestSite.defaultTheme + "/" + $0) != nil
        }
        #expect(Set(repositoryFiles) == Set(written))
    }

    @Test("theme export of some files refuses to replace any file unless asked, and names what is in its way")
    func exportSome() throws {
        let site = try TestSite(pages: Self.pages, templates: ["partials/footer.mustache": "<footer>mine</footer>"])
        let folder = site.root + "/templates"
        #expect(
            try SiteBuilder.exportTheme(to: folder, files: ["partials/toc.mustache", "assets/"])
                == ["partials/toc.mustache"] + TestSite.builtInAssets)
        #expect(
            throws: SetupError(
                kind: .fileExists,
                description:
                    "\(folder)/partials/footer.mustache exists already; nothing was written. Pass --force to replace them"
            )
        ) {
            try SiteBuilder.exportTheme(to: folder, files: ["partials/footer.mustache", "partials/nav.mustache"])
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/partials/nav.mustache"))
        try SiteBuilder.exportTheme(to: folder, files: ["partials/footer.mustache"], overwrite: true)
        #expect(
            FileManager.default.contents(atPath: folder + "/partials/footer.mustache")
                == BuiltInTheme.files["partials/footer.mustache"])
        do {
            try SiteBuilder.exportTheme(to: folder, files: ["partials/sidebar.mustache"])
            Issue.record("exported a file the theme does not have")
        } catch {
            #expect(error.kind == .unknownThemeFile)
            #expect(
                error.description.hasPrefix(
                    "'partials/sidebar.mustache' is not a file or folder of the built-in theme; its files are 403.mustache, "
                ))
        }
        let misspelt = [
            "partials/footr.mustache": "partials/footer.mustache", "partials/footer.html": "partials/footer.mustache",
            "partial": "partials", "assets/theme.cs": "assets/theme.css", "layot.mustache": "layout.mustache",
        ]
        for (name, meant) in misspelt {
            do {
                try SiteBuilder.exportTheme(to: folder, files: [name], overwrite: true)
                Issue.record("exported \(name), which the theme does not have")
            } catch {
                #expect(
                    error.description.hasPrefix(
                        "'\(name)' is not a file or folder of the built-in theme (did you mean '\(meant)'?); its files are"
                    ))
            }
        }
    }

    @Test("A site built with the whole exported theme is byte-identical to one built with the built-in theme")
    func exportedThemeBuildsTheSame() throws {
        let plain = try build(templates: [:])
        let exported = try TestSite(pages: Self.pages, templates: [:])
        try SiteBuilder.exportTheme(to: exported.root + "/templates")
        try exported.build { $0.templatesFolder = nil }
        let access = ".sitegen/access.json"
        #expect(exported.outputFiles().filter { $0.key != access } == plain.outputFiles().filter { $0.key != access })
    }
}
