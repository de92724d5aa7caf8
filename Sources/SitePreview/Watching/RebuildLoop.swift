import Foundation
public import SiteBuilder

/// Watches what a site's build reads and rebuilds on every change, as `sitegen serve` and `sitegen build --watch`
/// do: the site folder, the theme's override folders and the config files beside the site folder, from the moment
/// it is made (so that a file saved during the first build is built too), and the files pages include from
/// elsewhere, one by one, anew whenever a build names others. An editor's save is often several writes: a batch
/// of changes goes to the build once no more have come for 30 ms (or after a second of them).
///
/// ```swift
/// let loop = RebuildLoop(options: options, polling: false)
/// loop.run(until: { stopped }, included: [], rebuild: { changed in
///     (try? session.build(changed: changed))?.includedFiles ?? []
/// })
/// ```
public final class RebuildLoop: Sendable {
    private let watcher: any FileWatcher
    private let polling: Bool
    /// Why the loop checks every half second rather than being told by inotify, when it does against the wish.
    public let note: String?

    /// Starts watching what a build with `options` reads; `polling` checks every half second instead of using
    /// inotify.
    public init(options: BuildOptions, polling: Bool) {
        (watcher, note) = FileWatchers.watching(
            [options.siteFolder] + SiteBuilder.themeSources(options: options).overrideFolders,
            files: SiteBuilder.filesBesideSite(options: options), polling: polling)
        self.polling = polling
    }

    /// Calls `rebuild` with each batch of changed paths until `stopped` says so (looked at four times a second);
    /// `rebuild` returns the files the build's pages included (`BuildReport.includedFiles`), to watch as well.
    /// `included` are those of the build before the loop.
    public func run(until stopped: () -> Bool, included: [String], rebuild: ([String]) -> [String]) {
        var included = (files: included, watcher: fileWatcher(of: included))
        while !stopped() {
            var changed = watcher.changes(waitingAtMost: 0.25) + (included.watcher?.changes(waitingAtMost: 0) ?? [])
            guard !changed.isEmpty else { continue }
            let deadline = Date(timeIntervalSinceNow: 1)
            while Date() < deadline {
                let more = watcher.changes(waitingAtMost: 0.03) + (included.watcher?.changes(waitingAtMost: 0) ?? [])
                if more.isEmpty { break }
                changed += more
            }
            let files = rebuild(changed)
            if files != included.files { included = (files, fileWatcher(of: files)) }
        }
    }

    /// What a rebuild did, for its log: `Rebuilt in 0.081 s after a change to site/guide/setup.md: 1 output file
    /// updated.`, paths below the working folder named from it.
    public static func summary(of report: BuildReport, changed: [String]) -> String {
        let seconds = String(format: "%.3f", report.seconds)
        let files = report.changedFiles.count
        let what = files == 0 ? "nothing to update" : "\(files) output file\(files == 1 ? "" : "s") updated"
        let here = FileManager.default.currentDirectoryPath + "/"
        let paths = Array(Set(changed)).sorted().map { $0.hasPrefix(here) ? String($0.dropFirst(here.count)) : $0 }
        let cause = paths.first.map {
            " after a change to \($0)" + (paths.count > 1 ? " and \(paths.count - 1) more" : "")
        }
        return "Rebuilt in \(seconds) s\(cause ?? ""): \(what)."
    }

    /// A watcher of the single `files`; nil when there are none.
    private func fileWatcher(of files: [String]) -> (any FileWatcher)? {
        files.isEmpty ? nil : FileWatchers.watching([], files: files, polling: polling).watcher
    }
}
