import Foundation

/// Everything one build knows, handed from stage to stage on the build's own thread.
/// Parallel stages copy what they need into Sendable values and hand results back here.
final class BuildState {
    let options: BuildOptions
    let display: DisplayPaths
    private let progress: (@Sendable (BuildProgress) -> Void)?
    var stage = BuildStage.loadConfig
    private(set) var errors: [BuildError] = []
    private(set) var warnings: [BuildError] = []

    var config = SiteConfig()
    /// Files copied byte for byte: site assets, then theme assets.
    var assets: [AssetFile] = []
    var pages: [Page] = []
    /// Markdown files skipped because they are drafts.
    var drafts: Set<String> = []
    /// Section pages skipped because they are drafts: their access rules still cover their folders.
    var draftSections: [Page] = []
    var claims = OutputClaims()
    var tree: NavigationTree?
    /// The parts of the page contexts that pages share, built when pages are rendered.
    var context: PageContext?
    var templates: TemplateSet?
    var access: SiteAccess?
    /// The search index's parts, made before pages are rendered so every page can offer them.
    var searchIndex: SearchIndex?
    /// The digest of everything the build reads; see `BuildInputs`.
    var inputs = ""
    /// What the last build recorded in the build cache.
    var previousManifest: OutputManifest?
    /// Set when nothing changed since the last build, whose record this is: the build is done.
    var upToDate: OutputManifest?
    var writer: OutputWriter?
    var reusedPageCount = 0
    var aliasCount = 0
    var outputUnchanged = false

    init(options: BuildOptions, progress: (@Sendable (BuildProgress) -> Void)?) {
        self.options = options
        self.display = DisplayPaths(siteFolder: options.siteFolder, templatesFolder: options.templatesFolder)
        self.progress = progress
    }

    /// Records problems under the current stage; broken links become warnings when asked to.
    func report(_ problems: [Problem]) {
        for problem in problems {
            let error = BuildError(stage: stage, file: problem.file, line: problem.line, message: problem.message)
            if problem.isBrokenLink && options.brokenLinksAreWarnings {
                warnings.append(error)
            } else {
                errors.append(error)
            }
        }
    }

    func report(_ problem: Problem) {
        report([problem])
    }

    /// Records a problem that does not stop the build.
    func reportWarning(_ problem: Problem) {
        warnings.append(BuildError(stage: stage, file: problem.file, line: problem.line, message: problem.message))
    }

    func announce(_ event: BuildProgress) {
        progress?(event)
    }

    /// A progress callback for `concurrentMap` that reports items of the current stage.
    func itemProgress(total: Int) -> (@Sendable (Int) -> Void)? {
        guard let progress else { return nil }
        let stage = stage
        return { done in progress(.itemsDone(stage, done: done, total: total)) }
    }
}

/// A file copied byte for byte into the output.
struct AssetFile: Sendable {
    /// Where to read it, e.g. `site/images/logo.png` or `templates/assets/theme.css`.
    let sourcePath: String
    /// Where it goes below the output folder, e.g. `images/logo.png` or `assets/theme.css`.
    let outputPath: String
    /// True for the theme's files, which every reader may load, signed in or not.
    var isThemeAsset = false
}
