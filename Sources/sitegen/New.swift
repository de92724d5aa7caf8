import ArgumentParser
import Foundation
import SiteBuilder

/// `sitegen new DIR`: creates a site that builds as it is.
struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create a new site in a new or empty folder.",
        discussion: """
            Writes a site that builds as it is, with the built-in theme:

              DIR/site/site.toml            the site's settings, each explained
              DIR/site/index.md             the home page
              DIR/site/guide/index.md       a section: a folder with an index.md
              DIR/site/guide/first-page.md  a page with a link and code
              DIR/.gitignore                public/ and .sitegen-cache/
              DIR/README.md                 the next steps

            A folder that holds anything, hidden files included, is refused, so nothing is \
            overwritten.

            Examples:
              sitegen new handbook
              cd handbook && sitegen build
                  Build it into handbook/public/.
            """
    )

    @Argument(help: ArgumentHelp("The folder to create the site in; created if missing.", valueName: "dir"))
    var folder: String

    func run() throws {
        do {
            try SiteBuilder.createSite(in: folder)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode.failure
        }
        print(
            """
            Created a new site in \(folder)/. Next:
              cd \(folder)
              sitegen serve          previews it at http://127.0.0.1:8000/ and reloads as you edit
              sitegen build          renders site/ into public/ to publish
            Then edit the pages in site/; README.md says more.
            """)
    }
}
