import ArgumentParser
import Foundation
import SiteBuilder

/// `sitegen theme export DIR [FILE…]`: writes files of the built-in theme out for editing.
struct ThemeExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the built-in theme, or some of its files, into a folder for editing.",
        discussion: """
            Export into templates/ beside your site folder and a build uses your copies instead of \
            the built-in files; a file you do not export stays built in. Without FILEs the whole \
            theme is written. Without --force nothing is written when any of the files exists \
            already; with it, they are replaced.

            Examples:
              sitegen theme export templates partials/footer.mustache
                  Override only the footer.
              sitegen theme export templates assets/theme.css partials
                  The stylesheet and every partial.
              sitegen theme export my-theme
                  The whole theme, to build with --templates my-theme.
            """
    )

    @Argument(help: ArgumentHelp("The folder to write into; created if missing.", valueName: "dir"))
    var folder: String

    @Argument(
        help: ArgumentHelp("Files or folders of the theme, as `sitegen theme list` shows them.", valueName: "file"))
    var files: [String] = []

    @Flag(name: .long, help: "Replace files that exist already.")
    var force = false

    func run() throws {
        let written: [String]
        do {
            written = try SiteBuilder.exportTheme(to: folder, files: files, overwrite: force)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode.failure
        }
        let noun = written.count == 1 ? "file" : "files"
        print("Wrote \(written.count) \(noun) of the built-in theme into \(folder)/:")
        for path in written { print("  \(path)") }
    }
}
