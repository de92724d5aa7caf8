import Foundation

/// Lists the site folder: every `*.md` and `*.markdown` is a page, every other file an asset; hidden files and
/// folders (`.git`, `.DS_Store`) are skipped, and so is `site.toml`, which is configuration, and in a Jekyll
/// source what is Jekyll's (`JekyllSource`).
/// Reads directories directly and stamps each file through its directory (symbolic links are
/// followed), and the top-level folders on all cores: this runs over every file on every build.
struct ContentScanner {
    let siteFolder: String

    struct Listing {
        var markdownFiles: [String] = []
        var assetFiles: [String] = []
        /// Every listed file's stamp, by path.
        var stamps: [String: FileStamp] = [:]
        /// The site folder is a Jekyll source (`JekyllSource`), and what is Jekyll's is left out.
        var isJekyllSource = false
    }

    struct Failure: Error {}

    func scan() throws(Failure) -> Listing {
        guard let root = OpenDirectory(path: siteFolder.isEmpty ? "." : siteFolder) else { throw Failure() }
        var top = try entries(of: root)
        let isJekyllSource = JekyllSource.isSource(files: top.lazy.filter { !$0.isFolder }.map(\.name))
        if isJekyllSource {
            top.removeAll { JekyllSource.isJekylls($0.name) }
        }
        let folders = top.filter(\.isFolder).map(\.name)
        let below = concurrentMap(folders) { name -> Listing? in
            var listing = Listing()
            do throws(Failure) {
                guard let directory = OpenDirectory(path: DisplayPaths.join(siteFolder, name)) else { throw Failure() }
                try walk(name, directory, into: &listing)
            } catch {
                return nil
            }
            return listing
        }
        var listings: [String: Listing] = [:]
        for (name, listing) in zip(folders, below) {
            guard let listing else { throw Failure() }
            listings[name] = listing
        }
        var listing = Listing(isJekyllSource: isJekyllSource)
        for entry in top {
            guard let folder = listings[entry.name] else {
                add(entry, in: "", to: &listing)
                continue
            }
            listing.markdownFiles += folder.markdownFiles
            listing.assetFiles += folder.assetFiles
            listing.stamps.merge(folder.stamps) { first, _ in first }
        }
        return listing
    }

    /// A visible entry: a folder, or a file with its stamp (symbolic links are followed).
    private struct Entry {
        let name: String
        /// Nil for a folder.
        let stamp: FileStamp?

        var isFolder: Bool { stamp == nil }
    }

    /// The visible entries of `directory`, sorted by name.
    private func entries(of directory: borrowing OpenDirectory) throws(Failure) -> [Entry] {
        var entries: [Entry] = []
        let complete = directory.forEachEntry { name, kind in
            guard !name.hasPrefix(".") else { return }
            guard kind != .folder else { return entries.append(Entry(name: name, stamp: nil)) }
            guard let status = directory.status(of: name, followingLinks: true) else { return }
            entries.append(Entry(name: name, stamp: status.kind == .folder ? nil : status.stamp))
        }
        guard complete else { throw Failure() }
        return entries.sorted { $0.name < $1.name }
    }

    /// Lists `directory`, the site folder's `folder`, and its folders in turn.
    private func walk(_ folder: String, _ directory: borrowing OpenDirectory, into listing: inout Listing)
        throws(Failure)
    {
        for entry in try entries(of: directory) {
            if entry.isFolder {
                guard let subfolder = OpenDirectory(entry.name, in: directory, followingLinks: true) else {
                    throw Failure()
                }
                try walk(SitePath.join(folder, entry.name), subfolder, into: &listing)
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
