import Foundation

/// Lists the site folder: every `*.md` is a page, every other file an asset; hidden files and
/// folders (`.git`, `.DS_Store`) are skipped, and so is `site.toml`, which is configuration.
/// Reads directories directly and stamps each file through its directory (symbolic links are
/// followed): this runs over every file on every build.
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
        var listing = Listing()
        try walk("", into: &listing)
        return listing
    }

    private func walk(_ folder: String, into listing: inout Listing) throws(Failure) {
        let absolute = DisplayPaths.join(siteFolder, folder)
        guard let directory = opendir(absolute.isEmpty ? "." : absolute) else { throw Failure() }
        var entries: [(name: String, info: stat)] = []
        while let entry = readdir(directory) {
            let name = entry.pointee.name
            guard !name.hasPrefix(".") else { continue }
            var info = stat()
            guard fstatat(dirfd(directory), name, &info, 0) == 0 else { continue }
            entries.append((name, info))
        }
        closedir(directory)
        for (name, info) in entries.sorted(by: { $0.name < $1.name }) {
            let relative = SitePath.join(folder, name)
            if info.st_mode & S_IFMT == S_IFDIR {
                try walk(relative, into: &listing)
                continue
            }
            listing.stamps[relative] = FileStamp(info)
            if name.hasSuffix(".md") {
                listing.markdownFiles.append(relative)
            } else if relative != "site.toml" {
                listing.assetFiles.append(relative)
            }
        }
    }
}
