import Foundation

/// Reads `site.toml` from the site root; a missing file means the defaults.
struct LoadConfig: BuildStep {
    let stage = BuildStage.loadConfig
    /// `site.toml` as the user names it, e.g. `site/site.toml`.
    let file: String

    func run(_ log: BuildLog) -> SiteConfig {
        guard let data = FileManager.default.contents(atPath: file) else { return SiteConfig() }
        let text = String(decoding: data, as: UTF8.self)
        let (config, problems) = SiteConfig.parse(text, file: file)
        log.report(problems)
        return config
    }
}
