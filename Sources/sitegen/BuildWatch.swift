import Dispatch
import Foundation
import SiteBuilder
import SitePreview

/// `sitegen build --watch`: builds, then rebuilds on every change in one `BuildSession`, which keeps what each build
/// read and wrote for the next, until Ctrl-C or SIGTERM. A failed build leaves the output as it was and the watch
/// goes on.
struct BuildWatch {
    let options: BuildOptions
    let polling: Bool
    let console: Console

    func run() {
        let stopped = StopFlag()
        let signals = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stopped.stop() }
            source.resume()
            return source
        }
        defer { for source in signals { source.cancel() } }
        // Watching from before the first build, so that a file saved while it runs is built too.
        let loop = RebuildLoop(options: options, polling: polling)
        let session = BuildSession(options: options)
        var included = build(session, changed: nil) ?? []
        console.print(
            "Watching \(options.siteFolder)/ and its templates; each change is built into \(options.outputFolder)/. "
                + "Press Ctrl-C to stop.")
        if let note = loop.note { console.print("Note: \(note).") }
        loop.run(
            until: stopped.isStopped, included: included,
            rebuild: { changed in
                if let files = build(session, changed: changed) { included = files }
                return included
            })
        if let warning = session.finishSaving() { console.error("warning: \(warning)") }
        console.print("Stopped.")
    }

    /// Builds, and prints what it did or the errors; returns the files the pages included, nil when it failed.
    private func build(_ session: BuildSession, changed: [String]?) -> [String]? {
        do {
            let report = try session.build(changed: changed) { console.show($0) }
            console.finish()
            for warning in report.warnings { console.error("warning: \(warning)") }
            if let changed {
                console.print(RebuildLoop.summary(of: report, changed: changed))
            } else {
                console.print(Summary.line(for: report))
                console.print("Access: \(report.access)")
            }
            return report.includedFiles
        } catch {
            console.finish()
            for warning in error.warnings { console.error("warning: \(warning)") }
            for buildError in error.errors { console.error(buildError.description) }
            console.error(error.outcome)
            console.print("Still watching: save a fix and it is built again.")
            return nil
        }
    }
}

/// Set once, from a signal handler's queue, and read by the watch loop.
private final class StopFlag: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var stopped = false

    func stop() { lock.withLock { stopped = true } }
    func isStopped() -> Bool { lock.withLock { stopped } }
}
