import Foundation

/// Lists the site folder: every `*.md` is a page, every other file an asset; hidden files and
/// folders (`.git`, `.DS_Store`) are skipped, and so is `site.toml`, which is configuration.
/// Reads directories directly and stamps each file through its directory (symbolic links are
/// followed), and the top-level folders on all cores: this runs over every file on every build.
struct ContentScanner {
    let siteFolder: String

    struct Listing {
        var markdownFiles: [String] = []
        var assetFiles: [String] = []
        /// Every listed file's stamp, by path.
        var stamps: [String: FileStamp] = [:]
    }

    struct Failure: Error {}

    func scan() throws(Failure) -> Listing {
        let top = try entries(of: "")
        let folders = top.filter(\.isFolder).map(\.name)
        let below = concurrentMap(folders) { name -> Listing? in
            var listing = Listing()
            do throws(Failure) {
                try walk(name, into: &listing)
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
        var listing = Listing()
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

    private struct Entry {
        let name: String
        let info: stat

        var isFolder: Bool { info.st_mode & S_IFMT == S_IFDIR }
    }

    /// The visible entries of `folder`, sorted by name.
    private func entries(of folder: String) throws(Failure) -> [Entry] {
        let absolute = DisplayPaths.join(siteFolder, folder)
        guard let directory = opendir(absolute.isEmpty ? "." : absolute) else { throw Failure() }
        var entries: [Entry] = []
        while let entry = readdir(directory) {
            let name = entry.pointee.name
            guard !name.hasPrefix(".") else { continue }
            var info = stat()
            guard fstatat(dirfd(directory), name, &info, 0) == 0 else { continue }
            entries.append(Entry(name: name, info: info))
        }
        closedir(directory)
        return entries.sorted { $0.name < $1.name }
    }

    private func walk(_ folder: String, into listing: inout Listing) throws(Failure) {
        for entry in try entries(of: folder) {
            if entry.isFolder {
                try walk(SitePath.join(folder, entry.name), into: &listing)
            } else {
                add(entry, in: folder, to: &listing)
            }
        }
    }

    private func add(_ file: Entry, in folder: String, to listing: inout Listing) {
        let relative = SitePath.join(folder, file.name)
        listing.stamps[relative] = FileStamp(file.info)
        if file.name.hasSuffix(".md") {
            listing.markdownFiles.append(relative)
        } else if relative != "site.toml" {
            listing.assetFiles.append(relative)
        }
    }
}
