/// Makes the new site the output (see `OutputWriter`), unless the output already is the new site; then
/// records the output, what the build read, what it found in each page and the words its search index
/// counted in the build cache.
struct Publish: BuildStep {
    let stage = BuildStage.publish
    let writer: OutputWriter
    /// The record of this build, but for the output files, which the writer knows.
    let record: BuildRecord
    /// The last build's record, as read from the build cache.
    let previous: BuildRecord?
    /// What the build found in each page, being gathered on another core while the output is published.
    let pages: Background<PageStore>
    /// The search index's words for the build cache.
    let search: SearchCacheUpdate
    let cache: BuildCache

    /// Returns whether the output was left untouched.
    func run(_ log: BuildLog) -> Bool {
        let unchanged = writer.outputIsUnchanged
        if unchanged {
            writer.discard()
        } else {
            do {
                try writer.publish()
            } catch {
                log.report(Problem(message: error.message))
                return false
            }
        }
        var record = record
        record.files = writer.files
        record.warnings = log.warnings
        do {
            try cache.save(record, previous: previous, output: writer.changes, pages: pages.value, search: search)
        } catch {
            log.warn(Problem(message: "the site was published, but the build cache could not be saved: \(error)"))
        }
        return unchanged
    }
}
