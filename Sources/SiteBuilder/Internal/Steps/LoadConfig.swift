import Foundation

/// Reads `site.toml` from the site root; a missing file means the defaults. In a Jekyll source, the `title` of
/// `_config.yml` is the site's title unless `site.toml` sets one.
struct LoadConfig: BuildStep {
    let stage = BuildStage.loadConfig
    /// `site.toml` as the user names it, e.g. `site/site.toml`.
    let file: String
    /// Jekyll's `_config.yml` at the site root, as the user names it.
    let jekyllConfig: String

    func run(_ log: BuildLog) -> SiteConfig {
        var defaults = SiteConfig()
        if let data = FileManager.default.contents(atPath: jekyllConfig),
            let title = JekyllSource.title(inConfig: PageText.decode(data))
        {
            defaults.title = title
        }
        guard let data = FileManager.default.contents(atPath: file) else { return defaults }
        let text = String(decoding: data, as: UTF8.self)
        let (config, problems) = SiteConfig.parse(text, file: file, defaults: defaults)
        log.report(problems)
        return config
    }
}
