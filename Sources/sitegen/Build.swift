import ArgumentParser
import Foundation
import SiteBuilder

/// `sitegen build`: runs the build and prints progress, errors and a summary.
struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render the site folder into the output folder.",
        discussion: """
            Every *.md file in the site folder becomes a page with a pretty URL \
            (guide/setup.md is served at /guide/setup/); index.md is its folder's section page; every other \
            file is copied as it is. Links between pages are written as relative .md links and \
            checked: a link to a missing page or heading fails the build.

            A docs folder written for another tool builds as it is: README.md is a section page, \
            .html, {{< ref >}} and [[wiki]] links find their pages, ![[image.png]] shows its image, \
            and the order and names in a book's SUMMARY.md, in mkdocs.yml beside an MkDocs docs \
            folder and in Docusaurus's _category_.json files are followed; site_name in mkdocs.yml \
            or title in mdBook's book.toml titles the site unless site.toml does.

            The theme is built in. A file in the templates folder (--templates, by default \
            templates/ beside the site folder) replaces the built-in file of the same name; \
            `sitegen theme list` shows which is used. Fenced code naming its language is \
            highlighted.

            Front matter `access:` says who may read a page (and, on a section page, everything \
            below it); the rules go into the access manifest .sitegen/access.json, published \
            with the site, and the summary counts pages by rule. `sitegen access` lists them.

            Every page gets a search field. The search index is built in one part per access \
            rule, each published for the readers of that rule only, so a reader never receives a \
            word of a page they may not open. --no-search or search = false in site.toml builds \
            without it.

            Nothing is written until every check has passed. An existing output folder is \
            updated in place: the new and changed files are written into a hidden folder beside \
            it and, once all are written, renamed over the old ones, then the files the site no \
            longer has are removed. A build that fails or is stopped before the renames leaves the \
            output as it was; if the disk fails during them, the build says some files may be new. \
            When a page's access rule gets stricter, the stricter rule is published first and the \
            pages follow seven seconds later. A new output folder, or one where a file must become \
            a folder or the other way round, is assembled in a hidden folder beside it and \
            swapped in whole. Unchanged pages are reused from the cache in .sitegen-cache/ next \
            to the output folder, so rebuilding an unchanged site is quick.

            Examples:
              sitegen build
              sitegen build --site docs --templates docs-theme --output public
              sitegen build --site docs
                  Build an MkDocs project's docs folder, run beside its mkdocs.yml.
              sitegen build --warn-broken-links
                  List broken links and anchors as warnings and publish anyway.
              sitegen build --no-search
                  No search field or index: quicker builds while writing.
              sitegen build --watch
                  Build, then build again on every save until Ctrl-C.
            """
    )

    @OptionGroup var source: SourceOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The folder to publish the site to; afterwards it holds the site and nothing else.", valueName: "dir")
    )
    var output = "public"

    @Flag(name: .long, help: "Print each build stage as it starts, and at the end the three that took longest.")
    var verbose = false

    @Flag(name: .long, help: "Report broken links and anchors as warnings instead of failing the build.")
    var warnBrokenLinks = false

    @OptionGroup var search: SearchOptions

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "After building, watch the site and templates folders and build again on every change, until Ctrl-C. "
                + "Each build starts from what the last one wrote, in memory, and lists only the folders that changed.")
    )
    var watch = false

    @Flag(name: .long, help: "With --watch, check for changes every half second instead of with inotify.")
    var poll = false

    func validate() throws {
        if poll, !watch { throw ValidationError("--poll is how --watch watches; add --watch, or leave --poll out") }
    }

    func run() throws {
        var options = BuildOptions(
            siteFolder: source.site,
            templatesFolder: source.templates,
            outputFolder: output,
            includeDrafts: source.drafts,
            brokenLinksAreWarnings: warnBrokenLinks,
            buildsSearchIndex: !search.noSearch
        )
        options.exitsAfterBuild = !watch
        // sitegen-auth reads a new manifest within a second, and nginx may answer a signed-in reader's check of
        // a path from its cache for 5 seconds more (sitegen-auth.conf): then, and a second later, no answer
        // given under the old rules is left.
        options.stricterRulesPause = .seconds(7)
        let console = Console(verbose: verbose)
        if watch {
            BuildWatch(options: options, polling: poll, console: console).run()
            return
        }
        HeapGrowth.useLargeSteps()
        do {
            let report = try SiteBuilder.build(options: options) { console.show($0) }
            console.finish()
            for warning in report.warnings { console.error("warning: \(warning)") }
            console.print(Summary.line(for: report))
            console.print("Access: \(report.access)")
        } catch {
            console.finish()
            for warning in error.warnings { console.error("warning: \(warning)") }
            for buildError in error.errors { console.error(buildError.description) }
            console.error(error.outcome)
            throw ExitCode.failure
        }
    }
}
