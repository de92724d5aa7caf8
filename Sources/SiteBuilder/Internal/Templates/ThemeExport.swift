/// Picks the built-in theme files `sitegen theme export` writes out.
enum ThemeExport {
    /// The files named by `names` (paths, or folders such as `partials`), every file when `names` is empty.
    static func files(named names: [String]) throws(SetupError) -> [FolderWriter.File] {
        let all = BuiltInTheme.files.keys.sorted()
        var chosen: [String] = []
        for name in names {
            let trimmed = name.hasSuffix("/") ? String(name.dropLast()) : name
            let matches = all.filter { $0 == trimmed || $0.hasPrefix(trimmed + "/") }
            guard !matches.isEmpty else {
                throw SetupError(
                    kind: .unknownThemeFile,
                    description:
                        "'\(name)' is not a file or folder of the built-in theme; its files are \(all.joined(separator: ", "))"
                )
            }
            chosen += matches.filter { !chosen.contains($0) }
        }
        let paths = names.isEmpty ? all : chosen
        return paths.compactMap { path in BuiltInTheme.files[path].map { FolderWriter.File(path: path, contents: $0) } }
    }
}
