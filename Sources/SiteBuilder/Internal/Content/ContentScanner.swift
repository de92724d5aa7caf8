import Foundation

/// Lists the site folder: every `*.md` and `*.markdown` is a page, every other file an asset; hidden files and
/// folders (`.git`, `.DS_Store`) are skipped, and so is `site.toml`, which is configuration, and in a Jekyll
/// source what is Jekyll's (`JekyllSource`).
/// Reads directories directly and stamps each file through its directory, and the top-level folders on all cores:
/// this runs over every file on every build. A symbolic link is followed when it leads out of the site folder (a
/// folder several sites share), and what it names is published where the link is, under that place's rule; one that
/// leads to somewhere in the site folder is not followed but listed (`linksWithin`), since what it names would be
/// published twice, under the rules of both places; nor is one into what builds write (`buildFolders`: the output
/// folder and the build cache), where every page's text lies whatever its rule (`linksIntoBuilds`).
struct ContentScanner {
    let siteFolder: String
    /// The real paths of the output folder and the build cache, and how a message names each.
    var buildFolders: [(real: String, name: String)] = []

    struct Listing {
        var markdownFiles: [String] = []
        var assetFiles: [String] = []
        /// Every listed file's stamp, by path.
        var stamps: [String: FileStamp] = [:]
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

    func scan() throws(Failure) -> Listing {
        let root: OpenDirectory
        do {
            root = try OpenDirectory(path: siteFolder.isEmpty ? "." : siteFolder)
        } catch {
            throw Failure(folder: "", error)
        }
        let realRoot = DisplayPaths.canonical(siteFolder)
        var withinLinks: [(link: String, target: String)] = []
        var intoBuilds: [(link: String, folder: String)] = []
        var top = try entries(of: root, folder: "").filter { entry in
            guard entry.isLink else { return true }
            switch target(ofLink: entry.name, root: realRoot) {
            case .elsewhere: return true
            case .site(let target): withinLinks.append((entry.name, target))
            case .build(let folder): intoBuilds.append((entry.name, folder))
            }
            return false
        }
        let isJekyllSource = JekyllSource.isSource(files: top.lazy.filter { !$0.isFolder }.map(\.name))
        if isJekyllSource {
            top.removeAll { JekyllSource.isJekylls($0.name) }
        }
        let folders = top.filter(\.isFolder).map(\.name)
        let below = concurrentMap(folders) { name -> Result<Listing, Failure> in
            var listing = Listing()
            do throws(Failure) {
                let directory: OpenDirectory
                do throws(OpenDirectory.Failure) {
                    directory = try OpenDirectory(path: DisplayPaths.join(siteFolder, name))
                } catch {
                    throw Failure(folder: name, error)
                }
                try walk(name, directory, root: realRoot, into: &listing)
            } catch {
                return .failure(error)
            }
            return .success(listing)
        }
        var listings: [String: Listing] = [:]
        for (name, listing) in zip(folders, below) {
            listings[name] = try listing.get()
        }
        var listing = Listing(isJekyllSource: isJekyllSource, linksWithin: withinLinks, linksIntoBuilds: intoBuilds)
        for entry in top {
            guard let folder = listings[entry.name] else {
                add(entry, in: "", to: &listing)
                continue
            }
            listing.markdownFiles += folder.markdownFiles
            listing.assetFiles += folder.assetFiles
            listing.stamps.merge(folder.stamps) { first, _ in first }
            listing.linksWithin += folder.linksWithin
            listing.linksIntoBuilds += folder.linksIntoBuilds
        }
        return listing
    }

    /// Where a symbolic link leads.
    private enum LinkTarget {
        /// Into the site folder, at this path relative to it.
        case site(String)
        /// Into the output folder or the build cache, named so.
        case build(String)
        /// Anywhere else: it is followed.
        case elsewhere
    }

    /// Where the symbolic link `link` (relative to the site folder, whose real path is `root`) leads.
    private func target(ofLink link: String, root: String) -> LinkTarget {
        let real = DisplayPaths.canonical(DisplayPaths.join(siteFolder, link))
        if let folder = buildFolders.first(where: { DisplayPaths.relative(real, inside: $0.real) != nil }) {
            return .build(folder.name)
        }
        return DisplayPaths.relative(real, inside: root).map(LinkTarget.site) ?? .elsewhere
    }

    /// A visible entry: a folder, or a file with its stamp (symbolic links are followed).
    private struct Entry {
        let name: String
        /// Nil for a folder.
        let stamp: FileStamp?
        /// The entry is a symbolic link (to a folder or a file).
        var isLink = false

        var isFolder: Bool { stamp == nil }
    }

    /// The visible entries of `directory`, the site folder's `folder`, sorted by name.
    private func entries(of directory: borrowing OpenDirectory, folder: String) throws(Failure) -> [Entry] {
        var entries: [Entry] = []
        do {
            try directory.forEachEntry { name, kind in
                guard !name.hasPrefix(".") else { return }
                guard kind != .folder else { return entries.append(Entry(name: name, stamp: nil)) }
                guard let status = directory.status(of: name, followingLinks: true) else { return }
                // The record says "link" as "other"; a file system that says nothing is asked (a rare second stat).
                let isLink =
                    kind != .file && status.kind != .other
                    && directory.status(of: name, followingLinks: false)?.kind == .other
                entries.append(Entry(name: name, stamp: status.kind == .folder ? nil : status.stamp, isLink: isLink))
            }
        } catch {
            throw Failure(folder: folder, error)
        }
        return entries.sorted { $0.name < $1.name }
    }

    /// Lists `directory`, the site folder's `folder`, and its folders in turn; `root` is the site folder's real path.
    private func walk(_ folder: String, _ directory: borrowing OpenDirectory, root: String, into listing: inout Listing)
        throws(Failure)
    {
        for entry in try entries(of: directory, folder: folder) {
            let path = SitePath.join(folder, entry.name)
            if entry.isLink {
                switch target(ofLink: path, root: root) {
                case .elsewhere: break
                case .site(let target):
                    listing.linksWithin.append((path, target))
                    continue
                case .build(let folder):
                    listing.linksIntoBuilds.append((path, folder))
                    continue
                }
            }
            if entry.isFolder {
                let subfolder: OpenDirectory
                do {
                    subfolder = try OpenDirectory(entry.name, in: directory, followingLinks: true)
                } catch {
                    throw Failure(folder: path, error)
                }
                try walk(path, subfolder, root: root, into: &listing)
            } else {
                add(entry, in: folder, to: &listing)
            }
        }
    }

    private func add(_ file: Entry, in folder: String, to listing: inout Listing) {
        let relative = SitePath.join(folder, file.name)
        listing.stamps[relative] = file.stamp
        if MarkdownFileName.isMarkdown(file.name) {
            listing.markdownFiles.append(relative)
        } else if relative != "site.toml" {
            listing.assetFiles.append(relative)
        }
    }
}
