import Foundation

/// A digest of everything a build reads: the options it runs with, `site.toml`, every page and asset
/// of the site, and every file of the theme, built-in or overridden. Equal digests mean an equal site.
enum BuildInputs {
    static func digest(options: BuildOptions, pages: [Page], assets: [AssetFile]) -> String {
        let siteFiles =
            [("config", DisplayPaths.join(options.siteFolder, "site.toml"))]
            + assets.map { ("asset " + $0.outputPath, $0.sourcePath) }
        let siteDigests = concurrentMap(siteFiles) { label, path in
            field(label, FileManager.default.contents(atPath: path).map(SHA256.hex) ?? "none")
        }
        let themeDigests = concurrentMap(ThemeFiles(options: options).files) { file in
            field("template " + file.path, file.contents().map(SHA256.hex) ?? "none")
        }
        let pageDigests = concurrentMap(pages) { page in field("page " + page.source.path, SHA256.hex(page.text)) }
        let header = [
            field("generator", PageContext.generator),
            field("site", options.siteFolder),
            field("templates", options.themeFolder),
            field("drafts", "\(options.includeDrafts)"),
            field("warn", "\(options.brokenLinksAreWarnings)"),
        ]
        return SHA256.hex((header + siteDigests + themeDigests + pageDigests).joined())
    }

    /// `label` and `value` with their lengths, so no two different inputs read the same.
    private static func field(_ label: String, _ value: String) -> String {
        "\(label.utf8.count):\(label)\(value.utf8.count):\(value)"
    }
}
