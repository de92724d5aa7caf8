/// A problem found inside a stage, before the build tags it with the stage; see `BuildError`.
struct Problem: Error, Sendable {
    /// The file as the user named it, e.g. `site/guide/setup.md`.
    var file: String?
    var line: Int?
    var message: String
    /// Broken links and anchors, which `--warn-broken-links` downgrades to warnings.
    var isBrokenLink = false
    /// A problem that does not stop the build, such as a formula KaTeX refused.
    var isWarning = false
}
