import ArgumentParser

/// The options every command that reads a site shares: where the pages and the theme are, and drafts.
struct SourceOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The folder of Markdown pages and assets.", valueName: "dir"))
    var site = "site"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A folder of templates, partials and assets that override the built-in theme's, file by file"
                + " (default: templates/ beside the site folder, if there is one).",
            valueName: "dir"))
    var templates: String?

    @Flag(name: .long, help: "Include pages marked 'draft: true'.")
    var drafts = false
}
