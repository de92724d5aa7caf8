import Foundation

/// Reads `site.toml` from the site root; a missing file means the defaults.
struct LoadConfig: BuildStep {
    let stage = BuildStage.loadConfig

    func run(_ build: BuildState) {
        let path = build.display.site("site.toml")
        guard let data = FileManager.default.contents(atPath: path) else { return }
        let (config, problems) = SiteConfig.parse(String(decoding: data, as: UTF8.self), file: path)
        build.config = config
        build.report(problems)
    }
}
