import AccessRules

/// Opens the writer for the new site over the output folder as "Check build cache" listed it: in place over an existing
/// output, or in a staging folder for a new output or one whose layout changes (see `OutputWriter`).
/// Nothing is written before this stage, and it runs only when the build found no error.
struct PrepareOutput: BuildStep {
    let stage = BuildStage.prepareOutput
    let outputFolder: String
    let previous: BuildRecord?
    let current: Background<[String: FileStamp]>
    /// Every output path the site claimed; the access manifest is added to them here.
    let claims: OutputClaims

    func run(_ log: BuildLog) -> OutputWriter? {
        do {
            var files = claims.outputPaths
            files.insert(AccessManifest.relativePath)
            return try OutputWriter(
                outputFolder: outputFolder, previous: previous, current: current.value, newFiles: files)
        } catch {
            log.report(Problem(message: error.message))
            return nil
        }
    }
}
