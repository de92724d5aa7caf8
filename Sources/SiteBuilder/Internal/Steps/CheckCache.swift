/// Compares a digest of everything the build reads with the one the last build recorded: when they are
/// equal and the output is exactly as that build left it, the site is up to date and the build ends here.
struct CheckCache: BuildStep {
    let stage = BuildStage.checkCache

    func run(_ build: BuildState) {
        let options = build.options
        build.inputs = BuildInputs.digest(options: options, pages: build.pages, assets: build.assets)
        guard let previous = BuildCache(outputFolder: options.outputFolder).load() else { return }
        build.previousManifest = previous
        guard build.errors.isEmpty, previous.inputs == build.inputs else { return }
        let output = OutputTree.files(in: options.outputFolder)
        if output == previous.files.mapValues(\.stamp) {
            build.upToDate = previous
        }
    }
}
