import AccessRules

/// Saving a published build in the build cache: its record, what it found in each page, its link targets, the copy
/// of its manifest and its search words. Nothing a reader sees waits for it: a lone build saves before it returns,
/// a session's build after (see `SessionMemory.save(_:holding:)`).
struct CacheSave: Sendable {
    let cache: BuildCache
    /// The record of the build, its output files and warnings included.
    let record: BuildRecord
    /// The last build's record, as read from the build cache.
    let previous: BuildRecord?
    /// The output files the build changed.
    let output: OutputChanges
    /// What the build found in each page, being gathered on another core.
    let pages: Background<PageStore>
    let search: SearchCacheUpdate
    /// What this build's links could point at (`LinkIndex.described`), for the next build.
    let linkTargets: [UInt8]
    let manifest: AccessManifest

    /// Saves; returns the warning to give, as "Publish"'s, when the files could not be written.
    func run() -> Problem? {
        do {
            try cache.save(
                record, previous: previous, output: output, pages: pages.value, search: search,
                linkTargets: linkTargets, manifest: manifest)
            return nil
        } catch {
            return Problem(
                message: "the site was published, but the build cache could not be saved (\(error.systemReason)); "
                    + "the next build renders every page again: let this user write to the cache folder, or "
                    + "delete it",
                isWarning: true)
        }
    }
}
