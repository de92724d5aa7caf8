import Foundation

/// A digest of everything a build reads: the options it runs with, `site.toml`, every page and asset
/// of the site, and every file of the templates folder. Equal digests mean an equal site.
enum BuildInputs {
    static func digest(options: BuildOptions, pages: [Page], assets: [AssetFile]) -> String {
        let display = DisplayPaths(siteFolder: options.siteFolder, templatesFolder: options.templatesFolder)
        let files =
            [("config", display.site("site.toml"))] + assets.map { ("asset " + $0.outputPath, $0.sourcePath) }
            + templateFiles(in: options.templatesFolder).map { ("template " + $0, display.templates($0)) }
        let fileDigests = concurrentMap(files) { label, path in
            let digest = FileManager.default.contents(atPath: path).map(SHA256.hex) ?? "none"
            return field(label, digest)
        }
        let pageDigests = concurrentMap(pages) { page in field("page " + page.source.path, SHA256.hex(page.text)) }
        let header = [
            field("generator", PageContext.generator),
            field("site", options.siteFolder),
            field("templates", options.templatesFolder),
            field("drafts", "\(options.includeDrafts)"),
            field("warn", "\(options.brokenLinksAreWarnings)"),
            field("search", searchTool(options)),
        ]
        return SHA256.hex((header + fileDigests + pageDigests).joined())
    }

    /// The Pagefind binary a build would use, so that installing, replacing or removing it rebuilds the site.
    private static func searchTool(_ options: BuildOptions) -> String {
        guard options.buildsSearchIndex else { return "off" }
        let pagefind = options.pagefind.map(Pagefind.init(path:)) ?? Pagefind.onPath()
        return pagefind?.fingerprint ?? "none"
    }

    /// `label` and `value` with their lengths, so no two different inputs read the same.
    private static func field(_ label: String, _ value: String) -> String {
        "\(label.utf8.count):\(label)\(value.utf8.count):\(value)"
    }

    /// Every file below `folder` that is not hidden and not in a hidden folder, relative to it, sorted.
    private static func templateFiles(in folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let path = enumerator.nextObject() as? String {
            if SitePath.lastComponent(of: path).hasPrefix(".") {
                enumerator.skipDescendants()
            } else if enumerator.fileAttributes?[.type] as? FileAttributeType != .typeDirectory {
                files.append(path)
            }
        }
        return files.sorted()
    }
}
