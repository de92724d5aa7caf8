import ArgumentParser
import SiteBuilder

/// The `sitegen` command: subcommands over the SiteBuilder library.
@main
struct Sitegen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sitegen",
        abstract: "Build a private documentation site from Markdown and Mustache templates.",
        discussion: """
            Authors write pages in Markdown with YAML front matter in site/. The theme is built \
            in; files in templates/ beside site/ override it file by file. `sitegen build` renders \
            the site into public/, which nginx serves.

            Examples:
              sitegen new handbook
                  Create a site in handbook/ that builds as it is.
              sitegen build
                  Build site/ into public/.
              sitegen build --verbose
                  The same, listing each stage as it starts.
              sitegen build --drafts --output preview
                  Include draft pages and write the site to preview/.
              sitegen build --site docs --templates theme --output /srv/www/docs
              sitegen serve
                  Preview at http://127.0.0.1:8000/, reloaded on every save.
              sitegen access
                  List every published path with its access rule.
              sitegen theme export templates partials/footer.mustache
                  Copy the built-in footer into templates/ to edit it.

            A build with an error in the site publishes nothing: every error is listed with its \
            file and line, the exit status is 1, and the previous output stays as it was.
            """,
        version: SiteBuilder.version,
        subcommands: [New.self, Build.self, Serve.self, Access.self, Theme.self]
    )
}
