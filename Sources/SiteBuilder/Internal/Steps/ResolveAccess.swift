/// Works out who may read every path the build publishes, from `access:` in front matter, the sections
/// that cascade it and the site default, and prepares the access manifest; see `SiteAccess`.
/// Runs after the theme is loaded, because the theme's assets are published too.
struct ResolveAccess: BuildStep {
    let stage = BuildStage.resolveAccess
    let pages: [ParsedPage]
    let draftSections: [ParsedPage]
    let assets: [AssetFile]
    let config: SiteConfig
    let display: DisplayPaths

    func run(_ log: BuildLog) -> SiteAccess {
        SiteAccess(pages: pages, draftSections: draftSections, assets: assets, config: config, display: display)
    }
}
