import AccessRules
import Foundation

/// The build, stage by stage: reading `build()` is reading the whole build. Each stage takes what it
/// needs and returns what it made, so what a stage depends on is written where it is called. Stages
/// that write output run only when the stages before them found no error: nothing is published then.
struct Pipeline {
    let options: BuildOptions
    let log: BuildLog
    let display: DisplayPaths
    let themeFiles: ThemeFiles
    /// Where each stage and its output go, to be freed off the build's thread or not at all.
    private let leftovers: BuildLeftovers
    /// What a `BuildSession` keeps between its builds; nil for a lone build.
    private let memory: SessionMemory?

    init(
        options: BuildOptions, plan: [BuildStage], memory: SessionMemory? = nil,
        progress: (@Sendable (BuildProgress) -> Void)?
    ) {
        self.options = options
        self.memory = memory
        leftovers = BuildLeftovers(freedAtExit: options.exitsAfterBuild)
        log = BuildLog(plan: plan, brokenLinksAreWarnings: options.brokenLinksAreWarnings, progress: progress)
        display = DisplayPaths(siteFolder: options.siteFolder, templatesFolder: options.themeFolder)
        themeFiles = ThemeFiles(options: options)
    }

    /// What `build()` ended with; the errors and warnings are on the log.
    enum Outcome {
        /// Nothing changed since the build this record is of: the output already is the site.
        case upToDate(BuildRecord, ServerIncludes)
        case published(PublishedSite)
        case failed
    }

    struct PublishedSite {
        let pageCount: Int
        let assetCount: Int
        let aliasCount: Int
        let access: AccessCounts
        let reusedPageCount: Int
        let outputUnchanged: Bool
        let changedFiles: [String]
        let includes: ServerIncludes
        let manifest: AccessManifest
        /// `BuildRecord.included`.
        let includedFiles: [String]
        /// What is left to do once the site is published: saving the build in the build cache.
        let cacheSave: CacheSave
    }

    func build() -> Outcome {
        let outcome = runStages()
        leftovers.release()
        return outcome
    }

    /// The stages of `build()`; what they made that is not in the outcome is in `leftovers` once this returns.
    private func runStages() -> Outcome {
        let started = Date()
        let cacheFiles = BuildCache(outputFolder: options.outputFolder, memory: memory?.cache)
        let record = Background { cacheFiles.loadRecord() }
        let compiledTheme = LoadTemplates.compiling(themeFiles)
        let config = run(LoadConfig(display: display))
        let content = run(
            LoadContent(config: config, display: display, outputFolder: options.outputFolder, memory: memory))
        let cache = run(
            CheckCache(
                options: options, files: content, theme: themeFiles, display: display, cache: cacheFiles,
                record: record, datesFromGit: config.lastChanged == "git", filesBesideSite: config.filesBesideSite,
                markdownSettings: config.markdownSettings, endsUpToDate: memory?.holdsABuild ?? true))
        if cache.upToDate, let record = cache.previous { return .upToDate(record, config.includes) }
        let parsed = run(
            ParseFrontMatter(
                files: content.pages, rootURL: config.rootURL, previous: cache.previous, store: cache.pages,
                display: display, memory: memory))
        let site = run(
            MapURLs(
                pages: parsed, includeDrafts: options.includeDrafts, rootURL: config.rootURL, claims: content.claims,
                folderDescriptions: content.folderDescriptions, links: linkInputs(content, config: config),
                display: display))
        let themeAside = AsideStages(
            [.loadTemplates], brokenLinksAreWarnings: options.brokenLinksAreWarnings, yielding: memory != nil
        ) {
            [themeFiles, display] log in
            log.run(
                LoadTemplates(
                    files: themeFiles, compiled: compiledTheme, pages: site.pages, claims: site.claims,
                    rootURL: config.rootURL, display: display))
        }
        // The output folder is opened on another thread, once the theme is loaded, while the Markdown renders, links
        // are checked and access is resolved; should a stage find an error, what it opened is discarded. In a session
        // both yield the cores to the build's thread, which needs them only once navigation is built; a lone build's
        // stages between keep both cores busy for seconds, and would leave them waiting until the build needs them.
        let outputAside =
            !log.hasErrors
            ? AsideStages(
                [.prepareOutput], brokenLinksAreWarnings: options.brokenLinksAreWarnings, yielding: memory != nil
            ) {
                [options, previous = cache.previous, current = cache.output] log -> OutputFolder? in
                let theme = themeAside.value
                guard theme.templates != nil else { return nil }
                return log.run(
                    PrepareOutput(
                        outputFolder: options.outputFolder, previous: previous, current: current, claims: theme.claims))
            } : nil
        let markdown = run(
            RenderMarkdown(
                pages: site.pages, sources: site.sources, links: site.links,
                titles: content.titles(siteTitle: config.title),
                config: config,
                previousLinkTargets: cache.previous?.linkTargets, cache: cacheFiles,
                includes: IncludedFiles(
                    siteFolder: display.siteFolder, outputFolder: options.outputFolder,
                    snippets: config.mkdocs?.snippets ?? .init(), previous: cache.previous),
                display: display, memory: memory))
        let keptInputs = memory?.takeRecordInputs()
        let recordInputs = Background.later { [display, settings = cache.settings, previous = cache.previous] in
            RecordInputs(
                parsed, files: content.pages, settings: settings, previous: previous, kept: keptInputs,
                display: display)
        }
        let accessAside = AsideStages([.resolveAccess], brokenLinksAreWarnings: options.brokenLinksAreWarnings) {
            [display, markdownPages = markdown.pages, repository = markdown.repository, bodies = markdown.bodies] log in
            log.run(
                ResolveAccess(
                    pages: site.pages, aliases: site.aliases, draftPages: site.draftPages,
                    assets: content.assets + themeAside.value.assets,
                    linkedFiles: LinkedFiles(
                        pages: markdownPages, drafts: site.draftPages, bodies: bodies, assets: content.assets,
                        rootURL: config.rootURL, repository: repository),
                    included: Self.included(markdownPages), config: config, display: display))
        }
        run(
            CheckLinks(
                pages: markdown.pages, linksAsBefore: markdown.linksAsBefore, anchors: markdown.anchors,
                previous: cache.previous.flatMap { $0.options == options.digest ? $0 : nil }, display: display))
        let tree = run(
            BuildNavigation(
                pages: markdown.pages, navOrder: config.navOrder, outline: content.outline,
                folderPositions: content.folderPositions, drafts: site.drafts, display: display))
        let theme = themeAside.join(on: log)
        let access = accessAside.join(on: log)
        leftovers.keep((theme, access))
        let assets = content.assets + theme.assets
        guard let templates = theme.templates, let output = outputAside?.join(on: log) ?? nil else { return .failed }
        guard !log.hasErrors else {
            output.discard()
            return .failed
        }
        let searchPlan = run(
            PlanSearchIndex(
                pages: markdown.pages, assets: assets, tree: tree, access: access, config: config, options: options,
                output: output, display: display))
        guard !log.hasErrors else {
            output.discard()
            return .failed
        }
        let manifestAhead =
            searchPlan == nil ? WriteExtras.encodeAhead(access, output: output, yielding: memory != nil) : nil
        let html = PageHTML(
            pages: markdown.pages, bodies: markdown.bodies, shared: searchPlan?.pagesToIndex ?? [],
            rendered: memory?.html)
        let searchIndex = indexInBackground(
            searchPlan, pages: markdown.pages, html: html, cache: cacheFiles, output: output)
        let rendered = run(
            RenderPages(
                pages: markdown.pages, sources: site.sources, html: html, tree: tree, access: access,
                templates: templates, searchLayout: searchPlan?.layout, config: config,
                mermaidURL: content.assets.contains { $0.outputPath == config.mermaidScript }
                    ? config.rootURL + OutputPath.percentEncoded(config.mermaidScript) : nil,
                gitDatesFile: cacheFiles.gitDatesFile, output: output, display: display, memory: memory))
        let copied = run(CopyAssets(assets: assets, previous: cache.previous, output: output))
        let index = searchIndex.value
        leftovers.keep((html, index))
        if let failure = index.failure { log.report([failure], foundBy: .buildSearchIndex) }
        let publishedAccess = access.adding(index.rules)
        let extras = run(
            WriteExtras(
                pages: markdown.pages, aliases: site.aliases, context: rendered.context, templates: templates,
                access: publishedAccess, config: config, output: output, manifestAhead: manifestAhead))
        guard !log.hasErrors else {
            output.discard()
            return .failed
        }
        var newRecord = BuildRecord(
            generator: BuildCache.generator, options: options.digest,
            started: Int(started.timeIntervalSince1970 * 1_000_000_000), linkTargets: markdown.linkTargets.value,
            inputs: [:], files: [:], pageCount: markdown.pages.count, assetCount: assets.count,
            aliasCount: extras.aliasCount, access: access.counts, warnings: [])
        Self.addInputs(
            to: &newRecord, early: recordInputs.value, assets: copied.inputs, pages: markdown.pages,
            includes: markdown.bodies.includes, previous: cache.previous)
        let published = Array(zip(site.pages, markdown.pages))
        let previousPages = cache.pages
        // Every file of the new site, as the stages made them; "Publish" alone changes the output.
        let publication = OutputPublication(
            folder: output, files: [rendered.files, copied.files, index.files, extras.files])
        guard
            let (unchanged, save) = run(
                Publish(
                    output: publication, record: newRecord, previous: cache.previous,
                    pages: Background.later { Self.store(parsed, published: published, previous: previousPages) },
                    search: index.words, cache: cacheFiles, linkTargets: markdown.describedLinkTargets,
                    manifest: publishedAccess.manifest,
                    stricterRulesPause: options.stricterRulesPause)),
            !log.hasErrors
        else {
            output.discard()
            return .failed
        }
        memory?.keepRecordInputs(recordInputs.value, of: parsed, started: newRecord.started)
        memory?.publishedPageFiles = RenderPages.Kept(
            started: newRecord.started, sources: site.sources, files: rendered.files)
        return .published(
            PublishedSite(
                pageCount: markdown.pages.count, assetCount: assets.count, aliasCount: extras.aliasCount,
                access: access.counts, reusedPageCount: rendered.reusedPageCount, outputUnchanged: unchanged,
                changedFiles: unchanged ? [] : publication.changedFiles, includes: config.includes,
                manifest: publishedAccess.manifest, includedFiles: newRecord.included, cacheSave: save))
    }

    /// What `sitegen access` runs: the stages access rules depend on (the Markdown for the links to files),
    /// without the cache or output.
    static let accessPlan: [BuildStage] = [
        .loadConfig, .loadContent, .parseFrontMatter, .mapURLs, .renderMarkdown, .loadTemplates, .resolveAccess,
    ]

    /// Works out the access rules of the site; nil when a stage found errors.
    func accessRules() -> SiteAccess? {
        let compiledTheme = LoadTemplates.compiling(themeFiles)
        let config = run(LoadConfig(display: display))
        let content = run(LoadContent(config: config, display: display, outputFolder: options.outputFolder))
        let parsed = run(
            ParseFrontMatter(
                files: content.pages, rootURL: config.rootURL, previous: nil, store: PageStore(), display: display))
        let site = run(
            MapURLs(
                pages: parsed, includeDrafts: options.includeDrafts, rootURL: config.rootURL, claims: content.claims,
                folderDescriptions: content.folderDescriptions, links: linkInputs(content, config: config),
                display: display))
        let markdown = run(
            RenderMarkdown(
                pages: site.pages, sources: site.sources, links: site.links,
                titles: content.titles(siteTitle: config.title),
                config: config,
                previousLinkTargets: nil, cache: nil,
                includes: IncludedFiles(
                    siteFolder: display.siteFolder, outputFolder: options.outputFolder,
                    snippets: config.mkdocs?.snippets ?? .init(), previous: nil),
                display: display))
        let theme = run(
            LoadTemplates(
                files: themeFiles, compiled: compiledTheme, pages: site.pages, claims: site.claims,
                rootURL: config.rootURL, display: display))
        let access = run(
            ResolveAccess(
                pages: site.pages, aliases: site.aliases, draftPages: site.draftPages,
                assets: content.assets + theme.assets,
                linkedFiles: LinkedFiles(
                    pages: markdown.pages, drafts: site.draftPages, bodies: markdown.bodies, assets: content.assets,
                    rootURL: config.rootURL, repository: markdown.repository),
                included: Self.included(markdown.pages), config: config, display: display))
        return log.hasErrors ? nil : access
    }

    /// Starts indexing the parts of the search index `plan` does not keep, on the core rendering leaves idle; its
    /// progress is reported under "Build search index", the stage that planned it.
    private func indexInBackground(
        _ plan: SearchPlan?, pages: [Page], html: PageHTML, cache: BuildCache, output: OutputFolder
    ) -> Background<SearchIndexer.Indexed> {
        guard let plan else { return Background(ready: .none) }
        let indexer = SearchIndexer(plan: plan, pages: pages, html: html, cache: cache, output: output)
        let progress = log.itemProgress()
        return Background { indexer.index(progress: progress) }
    }

    @discardableResult
    private func run<Step: BuildStep>(_ step: Step) -> Step.Output {
        log.start(step.stage)
        let output = step.run(log)
        leftovers.keep((step, output))
        return output
    }
}
