/// Works out who may read every path the build publishes, from `access:` in front matter, the sections
/// that cascade it and the site default, and prepares the access manifest; see `SiteAccess`.
/// Runs after the theme is loaded, because the theme's assets are published too.
struct ResolveAccess: BuildStep {
    let stage = BuildStage.resolveAccess

    func run(_ build: BuildState) {
        build.access = SiteAccess(
            pages: build.pages, draftSections: build.draftSections, assets: build.assets, config: build.config,
            display: build.display)
    }
}
