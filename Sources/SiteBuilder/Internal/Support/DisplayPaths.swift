import Foundation

/// Turns paths inside the site and templates folders into paths as the user named them,
/// so errors read `site/guide/setup.md:4: …`.
struct DisplayPaths: Sendable {
    let siteFolder: String
    let templatesFolder: String

    func site(_ relativePath: String) -> String {
        Self.join(siteFolder, relativePath)
    }

    func templates(_ relativePath: String) -> String {
        Self.join(templatesFolder, relativePath)
    }

    /// The folder holding `folder`, as the user would name it: `docs` → `` (the current folder), `site/docs` →
    /// `site`, `/srv/docs/` → `/srv`, `.` → `..`.
    static func parent(of folder: String) -> String {
        var trimmed = Substring(folder)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        let last = trimmed.split(separator: "/").last ?? ""
        if trimmed.isEmpty || last == "." || last == ".." { return join(String(trimmed), "..") }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// Whether `written`, a folder named in a file in the folder `parent` (`docs`, `./src`, an absolute path), is
    /// `folder`: the same folder once `.`, `..` and symbolic links are resolved.
    static func isFolder(_ written: String, from parent: String, _ folder: String) -> Bool {
        canonical(written.hasPrefix("/") ? written : join(parent, written)) == canonical(folder)
    }

    /// `path` made absolute, with `.`, `..` and symbolic links resolved: the file or folder it leads to. An empty
    /// path is the current folder.
    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path.isEmpty ? "." : path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    static func join(_ folder: String, _ relativePath: String) -> String {
        if folder.isEmpty || folder == "." { return relativePath }
        if relativePath.isEmpty { return folder }
        return folder.hasSuffix("/") ? folder + relativePath : folder + "/" + relativePath
    }
}
