import Foundation

/// The theme of one build, file by file, in Hugo's lookup order: a file in the override folder
/// (`--templates DIR`, or `templates/` beside the site folder) wins over the built-in file of the same
/// path, and the built-in theme supplies every file the folder lacks. A site can so override one
/// partial, or add one template, and keep the rest of the default theme.
struct ThemeFiles: Sendable {
    /// One file of the theme and where it is read from.
    struct File: Sendable {
        /// The path relative to the theme's root, e.g. `partials/nav.mustache` or `assets/theme.css`.
        let path: String
        /// The file in the override folder as the user named it, e.g. `templates/partials/nav.mustache`;
        /// nil for a built-in file.
        let overridePath: String?

        /// The file as messages name it.
        var displayPath: String {
            overridePath ?? BuiltInTheme.displayPath(path)
        }

        /// The bytes of the file; nil when an override file cannot be read.
        func contents() -> Data? {
            guard let overridePath else { return BuiltInTheme.files[path] }
            return FileManager.default.contents(atPath: overridePath)
        }
    }

    /// The folder looked in before the built-in theme, as the user named it; it need not exist.
    let overrideFolder: String
    /// Every file of the theme, sorted by path.
    let files: [File]
    /// Set when `--templates` names a folder that does not exist.
    let problem: Problem?

    init(options: BuildOptions) {
        overrideFolder = options.themeFolder
        let overrides = Self.relativeFiles(below: overrideFolder)
        if options.templatesFolder != nil, overrides == nil {
            let message =
                "the templates folder '\(overrideFolder)' does not exist; create it, or leave out --templates to"
                + " use the built-in theme"
            problem = Problem(file: nil, message: message)
        } else {
            problem = nil
        }
        var files: [String: File] = [:]
        for path in BuiltInTheme.files.keys {
            files[path] = File(path: path, overridePath: nil)
        }
        for path in overrides ?? [] {
            files[path] = File(path: path, overridePath: DisplayPaths.join(overrideFolder, path))
        }
        self.files = files.values.sorted { $0.path < $1.path }
    }

    /// The files directly in `folder` of the theme (e.g. `partials`, or "" for the root) whose names end
    /// in `suffix`, e.g. the templates `page.mustache`, `section.mustache`, ….
    func files(in folder: String, endingWith suffix: String) -> [File] {
        let prefix = folder.isEmpty ? "" : folder + "/"
        return files.filter { file in
            guard file.path.hasPrefix(prefix), file.path.hasSuffix(suffix) else { return false }
            return !file.path.dropFirst(prefix.count).contains("/")
        }
    }

    /// The files anywhere below `folder`, e.g. every theme asset below `assets`.
    func files(below folder: String) -> [File] {
        files.filter { $0.path.hasPrefix(folder + "/") }
    }

    /// The paths of the files the override folder provides.
    var overriddenPaths: [String] {
        files.filter { $0.overridePath != nil }.map(\.path)
    }

    /// Every file below `folder` that is not hidden and not in a hidden folder, relative to it; nil
    /// when there is no such folder.
    private static func relativeFiles(below folder: String) -> [String]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue,
            let enumerator = FileManager.default.enumerator(atPath: folder)
        else { return nil }
        var paths: [String] = []
        while let path = enumerator.nextObject() as? String {
            if SitePath.lastComponent(of: path).hasPrefix(".") {
                enumerator.skipDescendants()
            } else if enumerator.fileAttributes?[.type] as? FileAttributeType != .typeDirectory {
                paths.append(path)
            }
        }
        return paths
    }
}

extension BuildOptions {
    /// The folder whose files override the built-in theme: `templatesFolder` when given, else
    /// `templates` beside the site folder (`site` → `templates`, `docs/site` → `docs/templates`).
    var themeFolder: String {
        if let templatesFolder { return templatesFolder }
        let site = siteFolder.hasSuffix("/") ? String(siteFolder.dropLast()) : siteFolder
        let name = SitePath.lastComponent(of: site)
        if name.isEmpty || name == "." || name == ".." {
            return URL(fileURLWithPath: site).standardizedFileURL.deletingLastPathComponent()
                .appendingPathComponent("templates").path
        }
        return DisplayPaths.join((site as NSString).deletingLastPathComponent, "templates")
    }
}

extension AssetFile {
    /// The theme file `file` below `assets/`, published at the same path.
    init(theme file: ThemeFiles.File) {
        self.init(sourcePath: file.displayPath, outputPath: file.path, isThemeAsset: true)
        if file.overridePath == nil { builtInContents = file.contents() }
    }
}
