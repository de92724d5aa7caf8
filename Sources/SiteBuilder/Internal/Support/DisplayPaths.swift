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

    static func join(_ folder: String, _ relativePath: String) -> String {
        if folder.isEmpty || folder == "." { return relativePath }
        if relativePath.isEmpty { return folder }
        return folder.hasSuffix("/") ? folder + relativePath : folder + "/" + relativePath
    }
}
