import Foundation

/// What a `BuildSession` keeps from one build for the next: the build cache's files as it wrote them
/// (`CacheMemory`), the site folder's listing with the paths a watch reported changed since it was made, the pages'
/// sources, the record's inputs (`RecordInputs`), what three stages made from inputs the next build may find
/// unchanged (each stage says when it takes it again), the pages' output files the last build published
/// (`RenderPages.Kept`), the section cards rendered (`RenderedCards`) and the Markdown HTML rendered again
/// (`RenderedHTML`); and the saving of the last build in the build cache, which goes on once that build has returned
/// (`save(_:holding:)`).
final class SessionMemory: @unchecked Sendable {
    let cache = CacheMemory()
    let cards = RenderedCards()
    let html = RenderedHTML()
    private let lock = NSLock()
    private var listing: ContentScanner.Kept?
    /// The paths changed since `listing` was made, relative to the site folder; nil when anything may have.
    private var changed: Set<String>? = []
    private var sources: SiteContent.Kept?
    private var parsed: ParseFrontMatter.Kept?
    private var markdown: Background<RenderMarkdown.Kept>?
    private var keys: RenderKeys.Kept?
    private var pageFiles: RenderPages.Kept?
    private var inputs: RecordInputs.Kept?
    private var saving: Background<Problem?>?

    /// The pages' sources "Load content" found in the last build, in their order, with what they were made from.
    var pageSources: SiteContent.Kept? {
        get { lock.withLock { sources } }
        set { lock.withLock { sources = newValue } }
    }

    /// What "Parse front matter" kept in the last build.
    var parsedPages: ParseFrontMatter.Kept? {
        get { lock.withLock { parsed } }
        set { lock.withLock { parsed = newValue } }
    }

    /// What "Render Markdown" kept in the last build, made on another core.
    var markdownPages: Background<RenderMarkdown.Kept>? {
        get { lock.withLock { markdown } }
        set { lock.withLock { markdown = newValue } }
    }

    /// Whether a build of this session got as far as rendering pages, so that the stages have what it made to take
    /// again. Until one has, a build goes through the stages even when nothing changed (`CheckCache.endsUpToDate`):
    /// otherwise a watch started over an output already built would pay for a build from the cache at its first save.
    var holdsABuild: Bool {
        lock.withLock { keys != nil }
    }

    /// What "Render pages" kept of its keys in the last build.
    var renderKeys: RenderKeys.Kept? {
        get { lock.withLock { keys } }
        set { lock.withLock { keys = newValue } }
    }

    /// The pages' output files of the last build published (`RenderPages.Kept`).
    var publishedPageFiles: RenderPages.Kept? {
        get { lock.withLock { pageFiles } }
        set { lock.withLock { pageFiles = newValue } }
    }

    /// Keeps the inputs of a build published with the record started at `started` for the next build, with the front
    /// matter stage's pages they were worked out from and those pages' sources as that stage kept them.
    func keepRecordInputs(_ inputs: RecordInputs, of parsed: [ParsedPage], started: Int) {
        lock.withLock {
            guard let sources = self.parsed?.sources else { return }
            self.inputs = RecordInputs.Kept(started: started, sources: sources, parsed: parsed, pages: inputs.pages)
        }
    }

    /// The inputs the last published build kept, handed to the one build that starts from them: a build that fails
    /// after taking them leaves the next one to work out every page's input again.
    func takeRecordInputs() -> RecordInputs.Kept? {
        lock.withLock {
            defer { inputs = nil }
            return inputs
        }
    }

    /// Saves a published build in the build cache on another thread, holding `outputLock` until it is saved, so
    /// that no build of another process reads the cache half written; `saved()` waits for it.
    func save(_ save: CacheSave, holding outputLock: OutputLock) {
        let saving = Background.later { withExtendedLifetime(outputLock) { save.run() } }
        lock.withLock { self.saving = saving }
    }

    /// Waits until the last build is saved in the build cache; returns the warning to give, once, when it could not be.
    func saved() -> BuildError? {
        let pending = lock.withLock {
            defer { saving = nil }
            return saving
        }
        return (pending?.value ?? nil).map {
            BuildError(stage: .publish, file: $0.file, line: $0.line, message: $0.message)
        }
    }

    /// Notes paths that changed, relative to the site folder; nil when anything may have.
    func noteChanges(_ paths: Set<String>?) {
        lock.withLock {
            guard let paths, let known = changed else {
                changed = nil
                return
            }
            changed = known.union(paths)
        }
    }

    /// The last listing of the site folder, if there is one, and what may have changed since.
    func listingToReuse() -> (ContentScanner.Kept?, ChangedPaths) {
        lock.withLock { (listing, ChangedPaths(listing == nil ? nil : changed)) }
    }

    /// Keeps the listing a build just made, from which no change is known yet.
    func listed(_ kept: ContentScanner.Kept) {
        lock.withLock { (listing, changed) = (kept, []) }
    }
}
