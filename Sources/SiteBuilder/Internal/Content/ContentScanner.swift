import Foundation

/// Lists the site folder: every `*.md` is a page, every other file an asset; hidden files and
/// folders (`.git`, `.DS_Store`) are skipped, and so is `site.toml`, which is configuration.
/// Reads directories directly and asks for a file's type only when the directory does not say
/// (symbolic links are followed): this runs over every file on every build.
struct ContentScanner {
    let siteFolder: String

    struct Listing {
        var markdownFiles: [String] = []
        var assetFiles: [String] = []
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
        var entries: [(name: String, isDirectory: Bool)] = []
        while let entry = readdir(directory) {
            let name = entry.pointee.name
            guard !name.hasPrefix(".") else { continue }
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): entries.append((name, true))
            case Int32(DT_REG): entries.append((name, false))
            default:
                var info = stat()
                guard stat(DisplayPaths.join(absolute, name), &info) == 0 else { continue }
                entries.append((name, info.st_mode & S_IFMT == S_IFDIR))
            }
        }
        closedir(directory)
        for (name, isDirectory) in entries.sorted(by: { $0.name < $1.name }) {
            let relative = SitePath.join(folder, name)
            if isDirectory {
                try walk(relative, into: &listing)
            } else if name.hasSuffix(".md") {
                listing.markdownFiles.append(relative)
            } else if relative != "site.toml" {
                listing.assetFiles.append(relative)
            }
        }
    }
}
