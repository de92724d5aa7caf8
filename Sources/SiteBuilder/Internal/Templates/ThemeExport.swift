import TextTools

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
                        "'\(name)' is not a file or folder of the built-in theme\(suggestion(for: trimmed, among: all)); "
                        + "its files are \(all.joined(separator: ", "))"
                )
            }
            chosen += matches.filter { !chosen.contains($0) }
        }
        let paths = names.isEmpty ? all : chosen
        return paths.compactMap { path in BuiltInTheme.files[path].map { FolderWriter.File(path: path, contents: $0) } }
    }

    /// The theme's file or folder closest to `name`, as " (did you mean …?)": one in the same folder whose name,
    /// without its extension, is close to that of `name`.
    private static func suggestion(for name: String, among files: [String]) -> String {
        var folders: Set<String> = []
        for file in files {
            var folder = SitePath.parent(of: file)
            while !folder.isEmpty, folders.insert(folder).inserted { folder = SitePath.parent(of: folder) }
        }
        let folder = SitePath.parent(of: name)
        let neighbours = (files + folders.sorted()).filter { SitePath.parent(of: $0) == folder }
        return ClosestName.suggestion(for: name, among: neighbours) { path in
            let file = SitePath.lastComponent(of: path)
            return file.split(separator: ".").first.map(String.init) ?? file
        }
    }
}
