import ArgumentParser
import Dispatch
import Foundation
import SiteBuilder
import SitePreview

/// `sitegen serve`: the preview server; the work is `PreviewServer`'s, this reads options and signals.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Preview the site while you write: rebuild on every save and reload the browser.",
        discussion: """
            Builds the site into a preview folder of its own (your public/ folder is never touched) and \
            serves it at http://127.0.0.1:PORT/, on this computer only. Every time a file below the site \
            or templates folder changes, only what changed is rebuilt and open tabs reload by themselves.

            A broken edit never stops the server: the errors are printed here and shown over the page \
            (file:line: message), and the last good pages stay served until you fix it.

            Pages look as they will to one reader of the real site: the theme's server-side includes are \
            evaluated (greeting, navigation hidden by access rules), and a page the reader may not open \
            shows the 403 page, or a note where the real site would ask them to sign in. Search finds \
            what that reader could find: the index parts of the rules they satisfy.

            --reader is one of:
              all          every access rule satisfied: the whole site (the default)
              anonymous    not signed in: public pages only
              signed-in    signed in, with no roles or groups
              role:NAME, group:OBJECT-ID, user:OBJECT-ID,
              email:ADDRESS, tenant:TENANT-ID
                           signed in with these; join several with commas

            Examples:
              sitegen serve
                  Preview site/ with templates/ at http://127.0.0.1:8000/.
              sitegen serve --drafts --port 8080
                  Include draft pages; listen on port 8080.
              sitegen serve --reader anonymous
                  See what a reader who has not signed in sees.
              sitegen serve --reader role:Finance.Read
                  See what a reader with the app role Finance.Read sees.
              sitegen serve --reader role:Finance.Read,group:GROUP-OBJECT-ID
                  The same reader, also a member of that group.
              sitegen serve --poll
                  Watch by checking every half second, for folders on network shares.
            """
    )

    @OptionGroup var source: SourceOptions

    @Option(name: .long, help: ArgumentHelp("The port on 127.0.0.1 to serve the preview on.", valueName: "port"))
    var port: UInt16 = 8000

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Whom to show the site to: all, anonymous, signed-in, or a list such as role:NAME,group:ID "
                + "(default: all).", valueName: "reader"),
        transform: { try PreviewReader(parsing: $0) })
    var reader = PreviewReader.everyone

    @Flag(name: .long, help: "Watch for changes by checking every half second instead of with inotify.")
    var poll = false

    @Flag(
        name: .long,
        help: "Let rules that name e-mail addresses admit those readers, as allow_email_rules = true in auth.toml does."
    )
    var allowEmailRules = false

    @OptionGroup var search: SearchOptions

    func run() throws {
        // A site folder that is not there gives nothing to preview and nothing to save.
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source.site, isDirectory: &isFolder), isFolder.boolValue else {
            let message =
                "sitegen serve: there is no site folder '\(source.site)'; pass --site DIR, or start a site with "
                + "`sitegen new NAME`\n"
            FileHandle.standardError.write(Data(message.utf8))
            throw ExitCode.failure
        }
        let build = BuildOptions(
            siteFolder: source.site, templatesFolder: source.templates, includeDrafts: source.drafts,
            buildsSearchIndex: !search.noSearch)
        let console = Console(verbose: false)
        let options = PreviewOptions(
            build: build, port: port, reader: reader, polling: poll, allowsEmailRules: allowEmailRules,
            progress: { console.show($0) })
        let server: PreviewServer
        do {
            server = try PreviewServer(options: options) { line in
                console.finish()
                console.print(line)
            }
        } catch {
            FileHandle.standardError.write(Data("sitegen serve: \(error)\n".utf8))
            throw ExitCode.failure
        }
        let signals = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { server.stop() }
            source.resume()
            return source
        }
        server.run()
        for source in signals { source.cancel() }
    }
}
