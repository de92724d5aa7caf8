/// What a scan of the site folder finds, and what a session keeps of it for the next scan.
extension ContentScanner {
    /// The site folder's files, as pages and assets, and the symbolic links a build reports.
    struct Listing {
        var markdownFiles: [String] = []
        /// The stamp of each of `markdownFiles`, at the same index: lists joined folder by folder, where a table by
        /// path would hash every path of the site again in every build.
        var markdownStamps: [FileStamp?] = []
        var assetFiles: [String] = []
        /// The names of the files at the top of the site folder.
        var topFiles: Set<String> = []
        /// The site folder is a Jekyll source (`JekyllSource`), and what is Jekyll's is left out.
        var isJekyllSource = false
        /// The symbolic links that lead to somewhere in the site folder, and where, both relative to it.
        var linksWithin: [(link: String, target: String)] = []
        /// The symbolic links, relative to the site folder, that lead into the output folder or the build cache, and
        /// which of them.
        var linksIntoBuilds: [(link: String, folder: String)] = []
    }

    /// A folder that could not be listed: where, relative to the site folder (`""` for the site folder itself),
    /// and the system's reason.
    struct Failure: Error {
        let folder: String
        let reason: String

        init(folder: String, _ failure: OpenDirectory.Failure) {
            self.folder = folder
            reason = failure.reason
        }
    }

    /// What a `BuildSession` keeps of a scan for its next: each top-level folder's listing and every folder's
    /// entries, by path relative to the site folder. Folders reached through a symbolic link are left out: no watch
    /// sees what changes where it leads.
    struct Kept: Sendable {
        var top: [String: Listing] = [:]
        var folders: [String: [Entry]] = [:]
    }

    /// A visible entry: a folder, or a file with its stamp (symbolic links are followed).
    struct Entry: Sendable {
        let name: String
        /// The entry's path relative to the site folder: made once, with the entry, which a session keeps.
        let path: String
        /// Nil for a folder.
        let stamp: FileStamp?
        /// The entry is a symbolic link (to a folder or a file).
        var isLink = false

        var isFolder: Bool { stamp == nil }
    }
}
