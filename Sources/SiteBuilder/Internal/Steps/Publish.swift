import AccessRules
import Foundation

/// The one stage that changes the output: takes the files every stage made (staged, identical or kept, see
/// `OutputFile`) and makes them the new site (see `OutputPublication`), unless the output already is the new
/// site; then hands what the build cache is to record (the output, what the build read, what it found in each page
/// and the words its search index counted) to whoever saves it (`CacheSave`).
struct Publish: BuildStep {
    let stage = BuildStage.publish
    let output: OutputPublication
    /// The record of this build, but for the output files, which `output` knows.
    let record: BuildRecord
    /// The last build's record, as read from the build cache.
    let previous: BuildRecord?
    /// What the build found in each page, being gathered on another core while the output is published.
    let pages: Background<PageStore>
    /// The search index's words for the build cache.
    let search: SearchCacheUpdate
    let cache: BuildCache
    /// What this build's links could point at (`LinkIndex.described`), for the next build.
    let linkTargets: [UInt8]
    /// The access manifest this build publishes.
    let manifest: AccessManifest
    /// How long the stricter of the old and new access rules stay in force before the pages change; zero
    /// publishes the rules last, after the pages, as a preview without an auth handler may.
    let stricterRulesPause: Duration

    /// Whether the output was left untouched, and what to save in the build cache; nil when publishing failed.
    func run(_ log: BuildLog) -> (unchanged: Bool, save: CacheSave)? {
        let unchanged = output.outputIsUnchanged
        if unchanged {
            output.folder.discard()
        } else {
            var rulesBefore: Data?
            do {
                rulesBefore = try publishStricterRules(log)
                try output.publish()
            } catch {
                // A staging folder is swapped in whole or not at all, so its old pages still stand: their rules
                // go back. In place, some pages may already be new: the stricter rules stay, failing closed.
                if let rulesBefore, case .staging = output.folder.mode {
                    try? output.replaceLiveManifest(with: rulesBefore)
                }
                log.report(Problem(message: error.message))
                return nil
            }
        }
        var record = record
        record.files = output.entries
        record.warnings = log.warnings
        let save = CacheSave(
            cache: cache, record: record, previous: previous, output: output.changes, pages: pages, search: search,
            linkTargets: linkTargets, manifest: manifest)
        return (unchanged, save)
    }

    /// When a path's rule gets stricter, publishes the interim rules (`InterimManifest`) and waits for the auth
    /// handler to read them; returns the manifest they replaced, to put back if a staging folder fails to swap in.
    private func publishStricterRules(_ log: BuildLog) throws(OutputFolder.Failure) -> Data? {
        guard stricterRulesPause > .zero, output.replacesManifest else { return nil }
        let live = output.liveManifestPath
        let stamp = FileStamp.of(live)
        guard let before = FileManager.default.contents(atPath: live),
            let current = rulesInForce(stamp: stamp, live: live)
                ?? (try? JSONDecoder().decode(AccessManifest.self, from: before)),
            let interim = InterimManifest.between(current: current, new: manifest),
            let data = try? Data(interim.json())
        else { return nil }
        try output.replaceLiveManifest(with: data)
        log.announce(.stricterRulesFirst(pause: stricterRulesPause))
        let (seconds, attoseconds) = stricterRulesPause.components
        Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) * 1e-18)
        return before
    }

    /// The manifest the last build published, from the build cache, while the live manifest (`live`, which had
    /// `stamp` before it was read) is still the file that build published; nil otherwise.
    private func rulesInForce(stamp: FileStamp?, live: String) -> AccessManifest? {
        guard let stamp, stamp == previous?.files[AccessManifest.relativePath]?.stamp, FileStamp.of(live) == stamp
        else { return nil }
        return cache.loadManifest(published: stamp)
    }
}
