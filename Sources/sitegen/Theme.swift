import ArgumentParser

/// `sitegen theme`: the built-in theme and the files that override it.
struct Theme: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Look at the built-in theme, or copy files of it out for editing.",
        discussion: """
            The theme is built into sitegen. A build looks for each theme file first in the \
            templates folder (--templates DIR, or templates/ beside the site folder) and takes the \
            built-in file for anything that folder lacks. To change one part of the theme, export \
            that file into templates/ and edit it there; the rest stays built in.

            Examples:
              sitegen theme list
              sitegen theme export templates partials/footer.mustache
              sitegen theme export my-theme
            """,
        subcommands: [ThemeList.self, ThemeExport.self]
    )
}
