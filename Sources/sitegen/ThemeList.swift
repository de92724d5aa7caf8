import ArgumentParser
import SiteBuilder

/// `sitegen theme list`: every theme file and where a build of the site takes it from.
struct ThemeList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the theme's files and where a build takes each one from.",
        discussion: """
            Prints one line per file: its path in the theme, then `built-in` or the file in the \
            templates folder that overrides it.

            Examples:
              sitegen theme list
              sitegen theme list --site docs --templates docs-theme
            """
    )

    @OptionGroup var folders: SiteFolders

    func run() {
        let theme = SiteBuilder.themeSources(
            options: BuildOptions(siteFolder: folders.site, templatesFolder: folders.templates))
        let folder = theme.overrideFolders.first ?? "templates"
        let paths = Set(theme.builtInFiles).union(theme.overriddenFiles).sorted()
        let width = (paths.map(\.count).max() ?? 0) + 2
        for path in paths {
            let origin = theme.overriddenFiles.contains(path) ? folder + "/" + path : "built-in"
            print(path + String(repeating: " ", count: width - path.count) + origin)
        }
    }
}
