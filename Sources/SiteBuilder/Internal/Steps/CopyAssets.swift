import Foundation

/// Copies site and theme assets byte for byte (in parallel). An asset whose file the build cache
/// vouches for, over an intact output file made from the same bytes, is not even read.
struct CopyAssets: BuildStep {
    let stage = BuildStage.copyAssets
    let assets: [AssetFile]
    let previous: BuildRecord?
    let writer: OutputWriter

    /// Reports what it saw of each asset's file, for the build's record.
    func run(_ log: BuildLog) -> [String: InputRecord] {
        let (previous, writer) = (previous, writer)
        let results = concurrentMap(assets, onProgress: log.itemProgress(total: assets.count)) {
            asset -> Result<InputRecord, Problem> in
            let stamp = FileStamp.of(asset.sourcePath)
            if let stamp, let digest = previous?.trustedDigest(of: asset.sourcePath, stamp: stamp),
                writer.keepIfUnchanged(asset.outputPath, key: digest)
            {
                return .success(InputRecord(stamp: stamp, digest: digest))
            }
            guard let data = FileManager.default.contents(atPath: asset.sourcePath) else {
                return .failure(Problem(file: asset.sourcePath, message: "cannot read this file"))
            }
            let digest = SHA256.hex(data)
            do {
                try writer.write(data, to: asset.outputPath, key: digest)
                return .success(InputRecord(stamp: stamp ?? FileStamp(size: -1, modified: 0), digest: digest))
            } catch {
                return .failure(
                    Problem(
                        file: asset.sourcePath,
                        message: "cannot copy to \(asset.outputPath): \(error.localizedDescription)"))
            }
        }
        var inputs: [String: InputRecord] = [:]
        for (asset, result) in zip(assets, results) {
            switch result {
            case .success(let input): inputs[asset.sourcePath] = input
            case .failure(let problem): log.report(problem)
            }
        }
        return inputs
    }
}
