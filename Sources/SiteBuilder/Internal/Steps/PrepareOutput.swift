import AccessRules

/// Opens the output folder as "Check build cache" listed it for the new site: in place over an existing output,
/// or with a staging folder for a new output or one whose layout changes (see `OutputFolder`). Nothing is staged
/// before this stage, and it runs only when the stages before it found no error; it runs beside "Resolve access
/// rules", and what it opened is discarded when that finds one.
struct PrepareOutput: BuildStep {
    let stage = BuildStage.prepareOutput
    let outputFolder: String
    let previous: BuildRecord?
    let current: Background<OutputListing>
    /// Every output path the site claimed; the access manifest is added to them here.
    let claims: OutputClaims

    func run(_ log: BuildLog) -> OutputFolder? {
        do {
            return try OutputFolder(
                outputFolder: outputFolder, previous: previous, current: current.value,
                newFiles: [AccessManifest.relativePath] + claims.outputPaths)
        } catch {
            log.report(Problem(message: error.message))
            return nil
        }
    }
}
