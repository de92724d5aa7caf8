/// Where a build's theme comes from: the built-in theme, overridden file by file by the files of
/// the override folders (`--templates DIR`, or `templates/` beside the site folder).
///
/// Made by `SiteBuilder.themeSources(options:)`. A preview server watches `overrideFolders` besides
/// the site folder: a folder listed there need not exist yet, and creating it, or any file in it,
/// changes the theme.
///
/// ```swift
/// let theme = SiteBuilder.themeSources(options: BuildOptions(siteFolder: "site"))
/// // theme.overrideFolders == ["templates"], theme.overriddenFiles == ["partials/footer.mustache"]
/// ```
public struct ThemeSources: Sendable, Equatable {
    /// The folders looked in before the built-in theme, first match wins.
    public let overrideFolders: [String]
    /// The theme files the override folders provide, relative to the theme's root, sorted.
    public let overriddenFiles: [String]
    /// Every file of the built-in theme, relative to its root, sorted, e.g. `assets/theme.css`.
    public let builtInFiles: [String]
}

extension SiteBuilder {
    /// The folders and files the theme of a build with `options` is made of.
    public static func themeSources(options: BuildOptions) -> ThemeSources {
        let theme = ThemeFiles(options: options)
        return ThemeSources(
            overrideFolders: [theme.overrideFolder], overriddenFiles: theme.overriddenPaths,
            builtInFiles: BuiltInTheme.files.keys.sorted())
    }

    /// Writes the built-in theme into `folder` for editing: every file, or only `files` (paths such as
    /// `partials/footer.mustache`, or folders such as `partials`). Refuses to replace an existing
    /// file unless `overwrite`. Returns the paths written, relative to `folder`.
    @discardableResult
    public static func exportTheme(to folder: String, files: [String] = [], overwrite: Bool = false) throws(SetupError)
        -> [String]
    {
        let chosen = try ThemeExport.files(named: files)
        try FolderWriter(folder: folder).write(chosen, overwrite: overwrite)
        return chosen.map(\.path)
    }

    /// Creates a new site in `folder` (created if missing, refused unless empty): `site/` with a
    /// home page, one section with a page and a commented `site.toml`, a `.gitignore` and a README
    /// with the next steps. The result builds as it is. Returns the paths written, relative to `folder`.
    @discardableResult
    public static func createSite(in folder: String) throws(SetupError) -> [String] {
        let writer = FolderWriter(folder: folder)
        try writer.requireEmptyFolder()
        try writer.write(NewSiteFiles.all, overwrite: false)
        return NewSiteFiles.all.map(\.path)
    }
}
