import Foundation

/// Lists the site folder into pages and assets, reads every page (in parallel), and claims the
/// assets' output paths.
struct LoadContent: BuildStep {
    let stage = BuildStage.loadContent

    func run(_ build: BuildState) {
        let options = build.options
        let listing: ContentScanner.Listing
        do {
            listing = try ContentScanner(siteFolder: options.siteFolder).scan()
        } catch {
            let message = "cannot read the site folder '\(options.siteFolder)'; create it or pass --site DIR"
            build.report(Problem(message: message))
            return
        }
        let (sources, problems) = SiteContent.pageSources(markdownFiles: listing.markdownFiles, display: build.display)
        build.report(problems)
        build.pages = sources.map { Page(source: $0, rootURL: build.config.rootURL) }
        readPages(build)
        let rootURL = build.config.rootURL
        for page in SpecialPage.allCases {
            _ = build.claims.claim(page.outputPath, by: page.owner, url: rootURL + page.routePath)
        }
        if !build.config.baseURL.isEmpty {
            _ = build.claims.claim("sitemap.xml", by: "the sitemap", url: rootURL + "sitemap.xml")
        }
        for path in listing.assetFiles {
            let file = build.display.site(path)
            build.assets.append(AssetFile(sourcePath: file, outputPath: path))
            if let problem = build.claims.claim(path, by: file, url: rootURL + SitePath.urlEncoded(path)) {
                build.report(problem)
            }
        }
    }

    private func readPages(_ build: BuildState) {
        let display = build.display
        let results = concurrentMap(build.pages) { page -> (Page, Problem?) in
            var page = page
            let file = display.site(page.source.path)
            guard let data = FileManager.default.contents(atPath: file) else {
                return (page, Problem(file: file, message: "cannot read this file"))
            }
            page.text = PageText.decode(data)
            return (page, nil)
        }
        build.pages = results.map(\.0)
        build.report(results.compactMap(\.1))
    }
}
