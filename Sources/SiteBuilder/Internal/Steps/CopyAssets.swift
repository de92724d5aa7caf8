import Foundation

/// Copies site and theme assets byte for byte (in parallel). An asset whose file the build cache
/// vouches for, over an intact output file made from the same bytes, is not even read. Files of the
/// built-in theme are in memory and need no record: the options' digest covers them. A site's own
/// HTML files are served through nginx's SSI filter like pages, so they may not open directives.
struct CopyAssets: BuildStep {
    let stage = BuildStage.copyAssets
    let assets: [AssetFile]
    let previous: BuildRecord?
    let output: OutputFolder

    /// The assets' output files, and what it saw of each asset's file on disk, for the build's record.
    struct Copied {
        let files: [OutputFile]
        let inputs: [String: InputRecord]
    }

    func run(_ log: BuildLog) -> Copied {
        let (previous, output) = (previous, output)
        let results = concurrentMap(assets, onProgress: log.itemProgress(total: assets.count)) {
            asset -> Result<(OutputFile, InputRecord?), Problems> in
            let stamp = asset.builtInContents == nil ? FileStamp.of(asset.sourcePath) : nil
            if let stamp, let digest = previous?.trustedDigest(of: asset.sourcePath, stamp: stamp),
                let file = output.unchanged(asset.outputPath, key: digest)
            {
                return .success((file, InputRecord(stamp: stamp, digest: digest)))
            }
            guard let data = asset.contents() else {
                return .failure(Problems([Problem(file: asset.sourcePath, message: "cannot read this file")]))
            }
            if !asset.isThemeAsset, Self.isServedAsHTML(asset.outputPath) {
                let lines = ContentSSI.lines(in: String(decoding: data, as: UTF8.self))
                guard lines.isEmpty else {
                    return .failure(
                        Problems(
                            lines.map {
                                ContentSSI.problem(file: asset.sourcePath, line: $0, in: "an HTML file of the site")
                            }))
                }
            }
            let digest = SHA256.hex(data)
            do {
                let file = try output.stage(data, as: asset.outputPath, key: digest)
                guard asset.builtInContents == nil else { return .success((file, nil)) }
                return .success((file, InputRecord(stamp: stamp ?? FileStamp(size: -1, modified: 0), digest: digest)))
            } catch {
                return .failure(
                    Problems([
                        Problem(
                            file: asset.sourcePath,
                            message: "cannot copy to \(asset.outputPath): \(error.systemReason)")
                    ]))
            }
        }
        var inputs: [String: InputRecord] = [:]
        var files: [OutputFile] = []
        files.reserveCapacity(assets.count)
        for (asset, result) in zip(assets, results) {
            switch result {
            case .success(let (file, input)):
                files.append(file)
                if let input { inputs[asset.sourcePath] = input }
            case .failure(let failure): log.report(failure.problems)
            }
        }
        return Copied(files: files, inputs: inputs)
    }

    /// The problems of one asset, as the failure of its copy.
    private struct Problems: Error {
        let problems: [Problem]

        init(_ problems: [Problem]) {
            self.problems = problems
        }
    }

    /// The extensions nginx's `mime.types` maps to `text/html`, the type its SSI filter reads.
    private static func isServedAsHTML(_ path: String) -> Bool {
        let name = SitePath.lastComponent(of: path).lowercased()
        return name.hasSuffix(".html") || name.hasSuffix(".htm") || name.hasSuffix(".shtml")
    }
}
