import Foundation
import PackagePlugin

/// Compiles the default theme in `templates/` into the target it is applied to, so the `sitegen`
/// binary needs no theme files at run time while `templates/` stays the one copy anyone edits.
///
/// SwiftPM runs this plugin at every build; it lists the theme's files as the command's inputs, so
/// the generated source is rewritten when a theme file changes, appears or goes.
@main
struct EmbedTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let theme = context.package.directoryURL.appending(path: "templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltInThemeFiles.swift")
        return [
            .buildCommand(
                displayName: "Embed the default theme from templates/",
                executable: try context.tool(named: "theme-embedder").url,
                arguments: [theme.path(percentEncoded: false), output.path(percentEncoded: false)],
                inputFiles: try files(below: theme),
                outputFiles: [output]
            )
        ]
    }

    /// `folder` and everything below it that is not hidden. SwiftPM does not run this plugin again when
    /// a file is added or removed, but the build system sees the folder's modification time change and
    /// runs the command, which lists the folder afresh.
    private func files(below folder: URL) throws -> [URL] {
        guard
            let enumerator = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        else { return [] }
        return [folder] + enumerator.compactMap { $0 as? URL }
    }
}
