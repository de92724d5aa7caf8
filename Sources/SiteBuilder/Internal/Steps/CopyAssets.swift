import Foundation

/// Copies site and theme assets byte for byte (in parallel); files the output already holds unchanged are kept.
struct CopyAssets: BuildStep {
    let stage = BuildStage.copyAssets
    let writesOutput = true

    func run(_ build: BuildState) {
        guard let writer = build.writer else { return }
        let problems = concurrentMap(build.assets, onProgress: build.itemProgress(total: build.assets.count)) {
            asset -> Problem? in
            guard let data = asset.contents() else {
                return Problem(file: asset.sourcePath, message: "cannot read this file")
            }
            do {
                try writer.write(data, to: asset.outputPath, key: "asset")
                return nil
            } catch {
                return Problem(
                    file: asset.sourcePath, message: "cannot copy to \(asset.outputPath): \(error.localizedDescription)"
                )
            }
        }
        build.report(problems.compactMap { $0 })
    }
}
