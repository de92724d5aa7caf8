import AccessRules
import Foundation
import SiteBuilder
import SitePreview

/// A small site with the repository's default theme, built into its own temporary folder for one test and
/// removed when the test drops it: a public home page, a signed-in guide, a Finance.Read section.
final class PreviewSite {
    let root: String

    static let defaultTheme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../templates").standardizedFileURL.path

    static let pages = [
        "site.toml": "title = \"Handbook\"\naccess = \"signed-in\"\n",
        "index.md": "---\ntitle: Welcome\naccess: public\nweight: 1\n---\nSee the [guide](guide/index.md).\n",
        "guide/index.md": "---\ntitle: Guide\nweight: 2\n---\nGUIDE-TEXT\n",
        "guide/setup.md": "---\ntitle: Setup\n---\nSETUP-TEXT\n",
        "finance/index.md": "---\ntitle: Finance\nweight: 3\naccess: { roles: [Finance.Read] }\n---\nFINANCE-TEXT\n",
        "files/notes.txt": "plain text",
    ]

    init(function: String = #function) throws {
        let name = function.prefix { $0.isLetter || $0.isNumber }
        root =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("sitegen-preview-\(name)-\(UUID().uuidString.prefix(8))").path
        for (path, text) in Self.pages { try write(text, to: "site/" + path) }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    var buildOptions: BuildOptions {
        BuildOptions(siteFolder: root + "/site", templatesFolder: Self.defaultTheme, outputFolder: root + "/public")
    }

    func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: root + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Builds the site with `sitegen build` into `public/` and returns the state a preview serves it with.
    func built(errors: [String] = []) throws -> PreviewState {
        let report = try SiteBuilder.build(options: buildOptions)
        let data = try Data(contentsOf: URL(fileURLWithPath: root + "/public/" + AccessManifest.relativePath))
        let manifest = try JSONDecoder().decode(AccessManifest.self, from: data)
        let policy = try AccessPolicy(manifest: manifest, unknownPaths: .signedIn, emailRulesAllowed: true)
        return PreviewState(
            outputFolder: root + "/public", build: "b1", policy: policy,
            errors: errors, includes: report.includes)
    }

    /// A router for `reader` over `state`, on port 8000.
    static func router(_ reader: PreviewReader, _ state: PreviewState) -> PreviewRouter {
        PreviewRouter(reader: reader, port: 8000, reload: ReloadChannel(build: state.build)) { state }
    }
}

extension PreviewRouter {
    /// GETs `target` with the preview's own host.
    func get(_ target: String, host: String = "127.0.0.1:8000") -> (status: Int, body: String, response: HTTPResponse) {
        let response = handle(HTTPRequest(target: target, headers: ["Host": host]))
        return (response.status, String(decoding: response.bytes, as: UTF8.self), response)
    }
}
