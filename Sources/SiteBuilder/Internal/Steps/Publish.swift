import Foundation

/// Swaps the staging folder in for the output folder atomically, or leaves the output untouched
/// when it already is the new site; then records the output in the build cache.
struct Publish: BuildStep {
    let stage = BuildStage.publish
    let writesOutput = true

    func run(_ build: BuildState) {
        guard let writer = build.writer else { return }
        if writer.outputIsUnchanged() {
            writer.discardStaging()
            build.outputUnchanged = true
        } else {
            do {
                try writer.completeStaging()
                try AtomicPublish.replace(writer.outputFolder, with: writer.stagingFolder)
            } catch let failure as AtomicPublish.Failure {
                build.report(Problem(message: failure.message))
                return
            } catch {
                build.report(Problem(message: "cannot assemble the new site: \(error.localizedDescription)"))
                return
            }
        }
        do {
            let manifest = OutputManifest(
                generator: PageContext.generator, inputs: build.inputs, files: writer.files,
                pageCount: build.pages.count, assetCount: build.assets.count, aliasCount: build.aliasCount,
                access: build.access?.counts ?? AccessCounts(), warnings: build.warnings)
            try BuildCache(outputFolder: build.options.outputFolder).save(manifest)
        } catch {
            build.reportWarning(
                Problem(message: "the site was published, but the build cache could not be saved: \(error)"))
        }
    }
}
