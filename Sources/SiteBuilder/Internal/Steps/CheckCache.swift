import Foundation

/// Ends the build when nothing changed: the options, `site.toml` (and a book's `SUMMARY.md`, a Jekyll source's
/// `_config.yml`, MkDocs's `mkdocs.yml`, mdBook's `book.toml`, Docusaurus's `_category_.json` files), every page, asset
/// and theme file are as the last build recorded them, the output is exactly as that build left it, and, for dates read
/// from git, `HEAD` is the commit they were read at. Files are compared by stamp, except those written shortly before
/// the last build started, which are read and compared by digest. Otherwise reads the page store and hands both on, for
/// the stages that reuse what did not change. The record comes read already (in the background, while "Load content"
/// listed the site folder); the output folder is listed in the background too (see `run`). A build that is to fill a
/// `BuildSession`'s memory (`endsUpToDate` false) goes on through the stages however much is unchanged.
struct CheckCache: BuildStep {
    let stage = BuildStage.checkCache
    let options: BuildOptions
    let files: SiteFiles
    let theme: ThemeFiles
    let display: DisplayPaths
    let cache: BuildCache
    /// `cache.loadRecord()`, being read since the build started.
    let record: Background<BuildRecord?>
    /// Pages show the date of their last commit (`last_changed = "git"`).
    let datesFromGit: Bool
    /// The config files outside the site folder the build read (`SiteConfig.filesBesideSite`).
    let filesBesideSite: [String]
    /// What of the config changes how Markdown renders (`SiteConfig.markdownSettings`).
    let markdownSettings: String
    /// Whether the build ends here when nothing changed; false for the first build of a session, so that the stages
    /// make what its next builds take again.
    var endsUpToDate = true

    func run(_ log: BuildLog) -> CacheCheck {
        let previous = record.value
        let settings = Self.records(of: settingsFiles(), previous: previous)
        // The files pages included: inputs of the last build as settings files are, but not of this one's record
        // unless a page still includes them.
        let watched = settings.merging(Self.records(of: previous?.included ?? [], previous: previous)) { $1 }
        if endsUpToDate, let previous, !log.hasErrors, inputsUnchanged(since: previous, settings: watched) {
            let output = Background { [cache] in cache.outputFiles(since: previous) }
            if output.value.asRecorded || output.value.files == previous.files.mapValues(\.stamp),
                !datesFromGit || !GitDates.headMoved(siteFolder: display.siteFolder, cacheFile: cache.gitDatesFile)
            {
                return CacheCheck(
                    previous: previous, pages: PageStore(), settings: settings, output: output, upToDate: true)
            }
            return CacheCheck(
                previous: previous, pages: cache.loadPages(markdownSettings: markdownSettings), settings: settings,
                output: output, upToDate: false)
        }
        let pages = cache.loadPages(markdownSettings: markdownSettings)
        // Listed once the page store is decoded, so that it runs beside the stages that follow, many of
        // which keep one core busy, rather than beside the decoding, which keeps both.
        let output = Background { [cache] in cache.outputFiles(since: previous) }
        return CacheCheck(previous: previous, pages: pages, settings: settings, output: output, upToDate: false)
    }

    /// The stamp and digest of each of `files` that can be read (`InputRecord.current`).
    private static func records(of files: [String], previous: BuildRecord?) -> [String: InputRecord] {
        files.reduce(into: [String: InputRecord]()) { inputs, file in
            inputs[file] = InputRecord.current(of: file, previous: previous)
        }
    }

    /// `site.toml`, a book's `SUMMARY.md`, a Jekyll source's `_config.yml`, MkDocs's `mkdocs.yml`, mdBook's
    /// `book.toml`, each folder's `_category_.json`, and every file of the theme's override folder (the built-in
    /// theme's files are in the options' digest).
    private func settingsFiles() -> [String] {
        var settings = [display.site("site.toml")]
        if files.bookSummary != nil { settings.append(display.site(BookSummary.fileName)) }
        if files.isJekyllSource { settings.append(display.site(JekyllSource.configFile)) }
        settings += filesBesideSite
        settings += files.folderCategories.values.map { display.site($0.file) }
        return settings + theme.files.compactMap(\.overridePath)
    }

    /// The options and every input file are as the last build recorded them; `settings` holds the files besides
    /// the pages and assets, the files pages included among them.
    private func inputsUnchanged(since previous: BuildRecord, settings: [String: InputRecord]) -> Bool {
        guard previous.options == options.digest,
            previous.inputs.count == settings.count + files.pages.count + files.assets.count,
            settings.allSatisfy({ previous.inputs[$0.key] == $0.value })
        else { return false }
        let sources =
            files.pages.map { (display.site($0.source.path), $0.stamp) }
            + files.assets.map { ($0.sourcePath, FileStamp.of($0.sourcePath)) }
        let unchanged = concurrentMap(sources) { file, stamp in
            guard let stamp, let recorded = previous.inputs[file], recorded.stamp == stamp else { return false }
            return previous.trustedDigest(of: file, stamp: stamp) != nil
                || FileManager.default.contents(atPath: file).map(SHA256.hex) == recorded.digest
        }
        return !unchanged.contains(false)
    }
}

/// What "Check build cache" found.
struct CacheCheck {
    /// The last successful build's record, if there is one this version of sitegen can read.
    let previous: BuildRecord?
    /// What the last build found in each page; empty when the build is up to date (it is not needed).
    let pages: PageStore
    /// `site.toml` and the theme's files as this build sees them, for its record.
    let settings: [String: InputRecord]
    /// The output folder as it is, listed in the background while the build goes on.
    let output: Background<OutputListing>
    /// Nothing changed: the output already is the site, and the build ends here.
    let upToDate: Bool
}
