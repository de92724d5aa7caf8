import Foundation

/// Reads `site.toml` from the site root; a missing file means the defaults. In a Jekyll source, the `title` of
/// `_config.yml` is the site's title unless `site.toml` sets one, its `exclude` list is kept for Load
/// content and its `callouts` for the Markdown (`JekyllCallout`). Beside an MkDocs `mkdocs.yml` that builds the site folder, its `site_name` is the title unless
/// `site.toml` sets one, and its `nav` is kept for Build navigation (`MkDocsConfig`); so is the `title` of an
/// mdBook's `book.toml` (`MdBookConfig`).
struct LoadConfig: BuildStep {
    let stage = BuildStage.loadConfig
    /// Where the site folder is, beside which an `mkdocs.yml` or `book.toml` may be, and how messages name it and
    /// the files in it (`site/site.toml`).
    let display: DisplayPaths

    func run(_ log: BuildLog) -> SiteConfig {
        let siteFolder = display.siteFolder
        var defaults = SiteConfig()
        if let (mkdocs, problems) = MkDocsConfig.load(siteFolder: siteFolder) {
            log.report(problems)
            defaults.title = mkdocs.siteName ?? defaults.title
            defaults.mkdocs = mkdocs
            defaults.filesBesideSite.append(mkdocs.file)
        }
        if let (book, problems) = MdBookConfig.load(siteFolder: siteFolder) {
            log.report(problems)
            defaults.title = book.title ?? defaults.title
            defaults.filesBesideSite.append(book.file)
        }
        if let jekyll = readJekyllConfig(log) {
            defaults.title = jekyll.title ?? defaults.title
            defaults.jekyllExcludes = jekyll.excludes
            defaults.jekyllCallouts = jekyll.callouts
            defaults.jekyllSource = true
        }
        let file = display.site("site.toml")
        guard let data = FileManager.default.contents(atPath: file) else {
            // A site.toml that is there but cannot be read is no missing one: its defaults would open the site
            // to every signed-in reader, where the file may say `access = { roles = [...] }`.
            var status = stat()
            if lstat(file, &status) == 0 {
                let message =
                    "cannot read this file; make it a file this user may read (without it the build would use the "
                    + "defaults, every page open to any signed-in reader)"
                log.report(Problem(file: file, message: message))
            }
            return defaults
        }
        let text = String(decoding: data, as: UTF8.self)
        let (config, problems) = SiteConfig.parse(text, file: file, defaults: defaults)
        log.report(problems)
        return config
    }

    /// Jekyll's `_config.yml`, when the site folder has one; an exclude list that cannot be followed is a warning.
    private func readJekyllConfig(_ log: BuildLog) -> JekyllSource.Config? {
        let jekyllConfig = display.site(JekyllSource.configFile)
        let config: JekyllSource.Config
        if let data = FileManager.default.contents(atPath: jekyllConfig) {
            config = JekyllSource.config(PageText.decode(data))
        } else if FileManager.default.fileExists(atPath: jekyllConfig) {
            config = JekyllSource.Config(excludeProblem: "it cannot be read")
        } else {
            return nil
        }
        if let problem = config.excludeProblem {
            let message = "Jekyll's exclude list is not followed, since \(problem); the files it names are published"
            log.warn(Problem(file: jekyllConfig, message: message))
        }
        return config
    }
}
