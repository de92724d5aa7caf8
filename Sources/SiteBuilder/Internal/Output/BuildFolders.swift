/// The folders builds write, where every page's text lies whatever its rule: the output folder and the build cache
/// beside it. No page may include a file there (`IncludedFiles`) and no symbolic link of the site folder lead there
/// (`ContentScanner`).
enum BuildFolders {
    /// Their real paths, and how a message names each.
    static func named(outputFolder: String) -> [(real: String, name: String)] {
        let cache = DisplayPaths.join(DisplayPaths.parent(of: outputFolder), ".sitegen-cache")
        return [
            (DisplayPaths.canonical(outputFolder), "the output folder"),
            (DisplayPaths.canonical(cache), "the build cache"),
        ]
    }
}
