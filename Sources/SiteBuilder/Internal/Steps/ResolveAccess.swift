/// Works out who may read every path the build publishes, from `access:` in front matter, the sections
/// that cascade it, the site default, `[file_access]` and the pages' links to files, and prepares the access
/// manifest; see `SiteAccess`. A page may include only files its readers may all read (`IncludedAccess`). Runs after
/// the theme is loaded, because the theme's assets are published too, and after the Markdown is rendered, because a
/// file's rule depends on the pages that link it and what a page includes is known only then.
struct ResolveAccess: BuildStep {
    let stage = BuildStage.resolveAccess
    let pages: [ParsedPage]
    let aliases: [SiteAlias]
    let draftPages: [ParsedPage]
    let assets: [AssetFile]
    /// The links of `pages` to files, by index into `pages`.
    let linkedFiles: LinkedFiles
    /// The files each page includes, by index into `pages`; see `IncludedAccess`.
    let included: [Int: [String]]
    let config: SiteConfig
    let display: DisplayPaths

    func run(_ log: BuildLog) -> SiteAccess {
        let access = SiteAccess(
            pages: pages, aliases: aliases, draftPages: draftPages, assets: assets, linkedFiles: linkedFiles,
            config: config, display: display)
        log.report(access.problems)
        log.report(
            IncludedAccess.problems(included: included, pages: pages, assets: assets, access: access, display: display))
        return access
    }
}
