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

    static func join(_ folder: String, _ relativePath: String) -> String {
        if folder.isEmpty || folder == "." { return relativePath }
        if relativePath.isEmpty { return folder }
        return folder.hasSuffix("/") ? folder + relativePath : folder + "/" + relativePath
    }
}
