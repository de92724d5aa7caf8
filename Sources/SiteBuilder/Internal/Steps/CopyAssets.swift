import Foundation

/// Copies site and theme assets byte for byte (in parallel); files the output already holds unchanged are kept.
/// A site's own HTML files are served through nginx's SSI filter like pages, so they may not open directives.
struct CopyAssets: BuildStep {
    let stage = BuildStage.copyAssets
    let writesOutput = true

    func run(_ build: BuildState) {
        guard let writer = build.writer else { return }
        let problems = concurrentMap(build.assets, onProgress: build.itemProgress(total: build.assets.count)) {
            asset -> [Problem] in
            guard let data = asset.contents() else {
                return [Problem(file: asset.sourcePath, message: "cannot read this file")]
            }
            if !asset.isThemeAsset, Self.isServedAsHTML(asset.outputPath) {
                let lines = ContentSSI.lines(in: String(decoding: data, as: UTF8.self))
                guard lines.isEmpty else {
                    return lines.map {
                        ContentSSI.problem(file: asset.sourcePath, line: $0, in: "an HTML file of the site")
                    }
                }
            }
            do {
                try writer.write(data, to: asset.outputPath, key: "asset")
                return []
            } catch {
                return [
                    Problem(
                        file: asset.sourcePath,
                        message: "cannot copy to \(asset.outputPath): \(error.localizedDescription)")
                ]
            }
        }
        build.report(problems.flatMap { $0 })
    }

    /// The extensions nginx's `mime.types` maps to `text/html`, the type its SSI filter reads.
    private static func isServedAsHTML(_ path: String) -> Bool {
        let name = SitePath.lastComponent(of: path).lowercased()
        return name.hasSuffix(".html") || name.hasSuffix(".htm") || name.hasSuffix(".shtml")
    }
}
