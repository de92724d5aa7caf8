import Foundation

/// Lists the site folder: every `*.md` is a page, every other file an asset; hidden files and
/// folders (`.git`, `.DS_Store`) are skipped, and so is `site.toml`, which is configuration.
struct ContentScanner {
    let siteFolder: String

    struct Listing {
        var markdownFiles: [String] = []
        var assetFiles: [String] = []
    }

    func scan() throws -> Listing {
        var listing = Listing()
        try walk("", into: &listing)
        return listing
    }

    private func walk(_ folder: String, into listing: inout Listing) throws {
        let absolute = DisplayPaths.join(siteFolder, folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: absolute.isEmpty ? "." : absolute).sorted()
        for name in names where !name.hasPrefix(".") {
            let relative = SitePath.join(folder, name)
            var isDirectory: ObjCBool = false
            guard
                FileManager.default.fileExists(
                    atPath: DisplayPaths.join(siteFolder, relative), isDirectory: &isDirectory)
            else { continue }
            if isDirectory.boolValue {
                try walk(relative, into: &listing)
            } else if name.hasSuffix(".md") {
                listing.markdownFiles.append(relative)
            } else if relative != "site.toml" {
                listing.assetFiles.append(relative)
            }
        }
    }
}
