import AccessRules
import Foundation

/// Lists the site folder into pages and assets with their files' stamps, leaves out what a Jekyll source's `exclude`
/// names, reads a book's `SUMMARY.md` (`BookSummary`), else takes MkDocs's `nav` as the outline, reads each folder's
/// `_category_.json` (`FolderCategory`), and claims the output paths of the special pages, the sitemap and the assets.
/// Reading the pages is left to "Parse front matter", which reads only those the build cache cannot vouch for.
struct LoadContent: BuildStep {
    let stage = BuildStage.loadContent
    let config: SiteConfig
    let display: DisplayPaths
    /// Where the build writes; a symbolic link in the site folder may not lead there.
    let outputFolder: String
    /// A `BuildSession`'s last listing and what changed since, to list only the folders a change touched.
    var memory: SessionMemory?

    /// Why the site folder `folder` could not be listed, for the system's `reason`, and what to do.
    private static func unreadable(_ folder: String, reason: String) -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder, isDirectory: &isFolder) else {
            return "there is no site folder '\(folder)'; pass --site DIR, or start a site with `sitegen new NAME`"
        }
        guard isFolder.boolValue else { return "the site folder '\(folder)' is a file; pass --site DIR" }
        return "cannot read the site folder '\(folder)' (\(reason)); check who may read it"
    }

    func run(_ log: BuildLog) -> SiteFiles {
        var files = SiteFiles()
        let listing: ContentScanner.Listing
        do {
            let scanner = ContentScanner(
                siteFolder: display.siteFolder, buildFolders: BuildFolders.named(outputFolder: outputFolder))
            if let memory {
                let (kept, changes) = memory.listingToReuse()
                let scanned = try scanner.scan(reusing: kept, changes: changes)
                memory.listed(scanned.kept)
                listing = scanned.listing
            } else {
                listing = try scanner.scan()
            }
        } catch {
            guard !error.folder.isEmpty else {
                log.report(Problem(message: Self.unreadable(display.siteFolder, reason: error.reason)))
                return files
            }
            let message =
                "cannot read this folder (\(error.reason)), so its pages and files cannot be published; check who "
                + "may read it, or move it out of the site folder"
            log.report(Problem(file: display.site(error.folder), line: nil, message: message))
            return files
        }
        for (link, target) in listing.linksWithin {
            let message =
                "a symbolic link to \(display.site(target)), which is in the site folder too: what it names would be "
                + "published twice, under the access rules of both places; link to it instead (a page by its .md "
                + "path), or move it here"
            log.report(Problem(file: display.site(link), line: nil, message: message))
        }
        for (link, folder) in listing.linksIntoBuilds {
            let message =
                "a symbolic link into \(folder), which builds write, where every page's text lies whatever its rule; "
                + "remove it"
            log.report(Problem(file: display.site(link), line: nil, message: message))
        }
        var markdownFiles = listing.markdownFiles
        var markdownStamps = listing.markdownStamps
        var assetFiles = listing.assetFiles
        files.isJekyllSource = listing.isJekyllSource
        let excludes = config.jekyllExcludes
        if listing.isJekyllSource, !excludes.isEmpty {
            let kept = markdownFiles.indices.filter { !JekyllSource.isExcluded(markdownFiles[$0], by: excludes) }
            (markdownFiles, markdownStamps) = (kept.map { markdownFiles[$0] }, kept.map { markdownStamps[$0] })
            assetFiles.removeAll { JekyllSource.isExcluded($0, by: excludes) }
        }
        // The top's files answer at once whether the file is there, so a site without one looks through no list.
        if listing.topFiles.contains(BookSummary.fileName),
            let index = markdownFiles.firstIndex(of: BookSummary.fileName),
            let data = FileManager.default.contents(atPath: display.site(BookSummary.fileName)),
            let summary = BookSummary(text: PageText.decode(data))
        {
            files.bookSummary = summary
            markdownFiles.remove(at: index)
            markdownStamps.remove(at: index)
        }
        files.outline =
            files.bookSummary.map { NavigationOutline(file: display.site(BookSummary.fileName), entries: $0.entries) }
            ?? config.mkdocs?.nav
        files.folderCategories = folderCategories(takenFrom: &assetFiles, log)
        let (pages, secondSectionFiles, problems, kept) = SiteContent.pageSources(
            markdownFiles: markdownFiles, stamps: markdownStamps, assetFiles: assetFiles,
            readmeBesideIndex: listing.isJekyllSource ? .page : config.mkdocs != nil ? .leftOut : .problem,
            display: display, kept: memory?.pageSources)
        memory?.pageSources = kept
        log.report(problems)
        files.secondSectionFiles = secondSectionFiles
        files.pages = pages
        let rootURL = config.rootURL
        for page in SpecialPage.allCases {
            _ = files.claims.claim(
                page.outputPath, by: .named(page.owner), url: OutputPath.url(ofRoute: page.routePath, root: rootURL),
                display: display)
        }
        if !config.baseURL.isEmpty {
            _ = files.claims.claim(
                "sitemap.xml", by: .named("the sitemap"), url: rootURL + "sitemap.xml", display: display)
        }
        for path in assetFiles {
            files.assets.append(AssetFile(sourcePath: display.site(path), outputPath: path))
            if let problem = files.claims.claim(
                path, by: .siteFile(path), url: OutputPath.url(ofRoute: path, root: rootURL), display: display)
            {
                log.report(problem)
            }
        }
        return files
    }

    /// Takes Docusaurus's `_category_.json` files out of `assets` and reads them, by the folder each describes; two
    /// in one folder (`_category_.json` and `_category_.yml`) are an error naming both.
    private func folderCategories(takenFrom assets: inout [String], _ log: BuildLog) -> [String: FolderCategory] {
        var files: [String] = []
        assets.removeAll { path in
            guard FolderCategory.isFile(path) else { return false }
            files.append(path)
            return true
        }
        var categories: [String: FolderCategory] = [:]
        for file in files.sorted() {
            let folder = SitePath.parent(of: file)
            if let other = categories[folder] {
                let message =
                    "\(display.site(other.file)) and \(display.site(file)) both describe the folder; keep one of them"
                log.report(Problem(file: display.site(file), message: message))
                continue
            }
            guard let data = FileManager.default.contents(atPath: display.site(file)) else {
                let message = "cannot read this file; check who may read it, or remove it"
                log.report(Problem(file: display.site(file), message: message))
                continue
            }
            let (category, problems) = FolderCategory.read(
                PageText.decode(data), file: file, shown: display.site(file))
            log.report(problems)
            categories[folder] = category
        }
        return categories
    }
}

/// What "Load content" found in the site folder.
struct SiteFiles {
    var pages: [PageFile] = []
    var assets: [AssetFile] = []
    /// The output paths claimed so far, by whom.
    var claims = OutputClaims()
    /// The book's table of contents, when `SUMMARY.md` at the top of the site folder is one; it is then no page.
    var bookSummary: BookSummary?
    /// The order and names of the pages in the navigation: the book's, else those of MkDocs's `nav`.
    var outline: NavigationOutline?
    /// Docusaurus's `_category_.json` of each folder that has one, by the folder's path; they are no assets.
    var folderCategories: [String: FolderCategory] = [:]
    /// The position each folder's `_category_.json` gives it, by the folder's path.
    var folderPositions: [String: Double] { folderCategories.compactMapValues { $0.position } }
    /// What each folder's `_category_.json` says of it (`link.description`), by the folder's path.
    var folderDescriptions: [String: String] { folderCategories.compactMapValues { $0.description } }
    /// The titles the outline (a book's link texts, MkDocs's names) and the folders' `_category_.json` (their
    /// labels) give pages.
    func titles(siteTitle: String) -> PageTitle {
        let named = (outline?.entries ?? []).filter { !$0.title.isEmpty }
        return PageTitle(
            siteTitle: siteTitle, folderLabels: folderCategories.compactMapValues { $0.label },
            outlinePages: Dictionary(named.map { ($0.path, $0.title) }) { first, _ in first },
            outlineFolders: outline?.folderNames ?? [:])
    }
    /// The site folder is a Jekyll source, whose `_config.yml` says what to leave out (`JekyllSource`).
    var isJekyllSource = false
    /// Markdown files that would be a folder's page beside the file that is (an error the build reports), by the
    /// folder: a link to one leads to the folder's page, so the build names the problem once, not at every link.
    var secondSectionFiles: [String: String] = [:]
}
