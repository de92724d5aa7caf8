import Foundation

/// Reads `site.toml` from the site root; a missing file means the defaults.
struct LoadConfig: BuildStep {
    let stage = BuildStage.loadConfig

    func run(_ build: BuildState) {
        let path = build.display.site("site.toml")
        guard let data = FileManager.default.contents(atPath: path) else { return }
        let text = String(decoding: data, as: UTF8.self)
        let (config, problems) = SiteConfig.parse(text, file: path)
        build.config = config
        build.report(problems)
        // `footer` reaches every page as HTML, and themes may print `params` unescaped.
        build.report(ContentSSI.lines(in: text).map { ContentSSI.problem(file: path, line: $0, in: "site.toml") })
    }
}
