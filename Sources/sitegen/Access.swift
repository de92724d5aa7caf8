import ArgumentParser
import Foundation
import SiteBuilder

/// `sitegen access`: lists every path a build would publish with its access rule and where the rule was written.
struct Access: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List every published path with its access rule and where the rule was written.",
        discussion: """
            Works the rules out from the site as `sitegen build` would, writing nothing: front matter \
            `access:`, the section rules that cascade, `access` and `[file_access]` in site.toml, and the \
            pages' links to files (a file that only stricter pages link takes their rule). Errors in front \
            matter, site.toml, the templates or files' rules are reported as the build reports them.

            Examples:
              sitegen access
              sitegen access --site docs | grep 'roles:'
                  Every path that needs an app role.
            """
    )

    @OptionGroup var source: SourceOptions

    func run() throws {
        let options = BuildOptions(
            siteFolder: source.site, templatesFolder: source.templates, includeDrafts: source.drafts)
        do {
            let listing = try SiteBuilder.accessListing(options: options)
            print(listing.table)
        } catch {
            for buildError in error.errors {
                FileHandle.standardError.write(Data((buildError.description + "\n").utf8))
            }
            let noun = error.errors.count == 1 ? "error" : "errors"
            FileHandle.standardError.write(Data("Found \(error.errors.count) \(noun).\n".utf8))
            throw ExitCode.failure
        }
    }
}
