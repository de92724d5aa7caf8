import AccessRules
import Foundation

/// Where the site folder lies in its git repository, for links written as GitHub reads them in a `docs/`
/// folder: `/docs/setup.md` is the repository's `docs/setup.md`, and `../LICENSE` a file beside the folder.
/// Found by looking for `.git` in the site folder and the folders above it, without running git.
struct SiteRepository: Sendable {
    /// The site folder's path in the repository, e.g. `docs`; "" when it is the repository's top folder.
    let folder: String
    /// Where the repository shows a file, with `{path}` for the file's path in it, made from `edit_url` when
    /// that is a GitHub or GitLab edit address of the site's files (`…/edit/main/docs/{path}` gives
    /// `…/blob/main/{path}`); nil when it is not.
    let fileURL: String?

    /// The repository holding `siteFolder`; nil when no folder from it up holds `.git`.
    init?(siteFolder: String, editURL: String) {
        var path = URL(fileURLWithPath: siteFolder.isEmpty ? "." : siteFolder).standardizedFileURL.path
        var inside: [String] = []
        while !FileManager.default.fileExists(atPath: DisplayPaths.join(path, ".git")) {
            guard path != "/", !path.isEmpty else { return nil }
            inside.insert(SitePath.lastComponent(of: path), at: 0)
            path = SitePath.parent(of: path)
            if path.isEmpty { path = "/" }
        }
        folder = inside.joined(separator: "/")
        fileURL = Self.fileURL(editURL: editURL, folder: folder)
    }

    /// `…/edit/BRANCH/FOLDER/{path}` → `…/blob/BRANCH/{path}`.
    private static func fileURL(editURL: String, folder: String) -> String? {
        guard editURL.hasSuffix("/{path}") else { return nil }
        var base = String(editURL.dropLast("{path}".count))
        if !folder.isEmpty {
            guard base.hasSuffix("/" + folder + "/") else { return nil }
            base = String(base.dropLast(folder.count + 1))
        }
        guard let edit = base.range(of: "/edit/", options: .backwards) else { return nil }
        return base.replacingCharacters(in: edit, with: "/blob/") + "{path}"
    }

    /// The site path an absolute link names when read from the repository's top (`/docs/setup.md` →
    /// `setup.md`); nil when it is not below the site folder, or the site folder is the top.
    func sitePath(ofAbsolute path: String) -> String? {
        guard !folder.isEmpty, path.hasPrefix("/" + folder + "/") else { return nil }
        return SitePath.resolve(String(path.dropFirst(folder.count + 2)), from: "")
    }

    /// The repository path of a relative link that climbs out of the site folder, written in its `pageFolder`;
    /// nil when it climbs out of the repository too.
    func repositoryPath(ofRelative path: String, from pageFolder: String) -> String? {
        SitePath.resolve(path, from: SitePath.join(folder, pageFolder))
    }

    /// The site path of a repository path inside the site folder; nil for one outside it.
    func sitePath(ofRepositoryPath path: String) -> String? {
        if folder.isEmpty { return path }
        return path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : nil
    }

    /// The address where the repository shows the file at `path`, when `edit_url` says.
    func fileURL(ofRepositoryPath path: String) -> String? {
        fileURL?.replacingOccurrences(of: "{path}", with: OutputPath.percentEncoded(path))
    }
}
