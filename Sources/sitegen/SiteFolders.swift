import ArgumentParser

/// Where a site's pages and its theme are: the options of every command that reads a site.
struct SiteFolders: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The folder of Markdown pages and assets.", valueName: "dir"))
    var site = "site"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A folder of templates, partials and assets that override the built-in theme's, file by file"
                + " (default: templates/ beside the site folder, if there is one).",
            valueName: "dir"))
    var templates: String?
}
