import ArgumentParser

/// The options every command that reads a site's pages shares: where the pages and the theme are, and drafts.
struct SourceOptions: ParsableArguments {
    @OptionGroup var folders: SiteFolders

    @Flag(name: .long, help: "Include pages marked 'draft: true'.")
    var drafts = false

    var site: String { folders.site }
    var templates: String? { folders.templates }
}
