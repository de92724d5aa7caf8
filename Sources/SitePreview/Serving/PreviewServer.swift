import AccessRules
import Foundation
import SiteBuilder

/// `sitegen serve`: builds the site into a preview folder of its own (never the site's `public/`),
/// serves it on 127.0.0.1 as one reader would see it (see `PreviewRouter`), and whenever a file below
/// the site or templates folder changes, rebuilds what changed and reloads the open tabs. A failed
/// build keeps the last good pages served, with its errors laid over them and printed.
///
/// ```swift
/// let server = try PreviewServer(options: PreviewOptions(build: BuildOptions(siteFolder: "site")), log: { print($0) })
/// try server.run()  // until server.stop()
/// ```
public final class PreviewServer: @unchecked Sendable {
    /// The preview could not start: its folder cannot be made or its port cannot be used.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private let options: PreviewOptions
    private let log: @Sendable (String) -> Void
    private let folder: String
    private let build: BuildOptions
    /// Builds again from what the last build wrote, without reading it back.
    private let session: BuildSession
    private let reload: ReloadChannel
    private let server: HTTPServer
    private let lock = NSLock()
    private var state: PreviewState
    private var stopped = false
    private var builds = 0
    /// `BuildReport.includedFiles` of the last successful build.
    private var includedFiles: [String] = []
    /// Tells tabs served by an earlier run of the preview that they are out of date.
    private let instance = String(UInt32.random(in: 0...UInt32.max), radix: 16)

    /// The port the preview listens on.
    public var port: UInt16 { server.port }

    /// Makes the preview folder and starts listening; the site is built by `run()`.
    public init(options: PreviewOptions, log: @escaping @Sendable (String) -> Void) throws(Failure) {
        self.options = options
        self.log = log
        var template = Array((NSTemporaryDirectory() + "/sitegen-serve-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw Failure(description: "cannot create a preview folder in \(NSTemporaryDirectory())")
        }
        folder = String(cString: made)
        var build = options.build
        build.outputFolder = folder + "/public"
        self.build = build
        session = BuildSession(options: build)
        state = PreviewState(outputFolder: build.outputFolder, build: "", policy: nil, errors: [])
        let reload = ReloadChannel(build: "")
        self.reload = reload
        let box = RouterBox()
        do {
            server = try HTTPServer(port: options.port) { request in box.router?.handle(request) ?? .text(503, "") }
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw Failure(description: error.description)
        }
        box.router = PreviewRouter(reader: options.reader, port: server.port, reload: reload) { [self] in
            lock.withLock { state }
        }
    }

    /// Builds the site, serves it and rebuilds on every change until `stop()`; then removes the preview folder.
    public func run() {
        // Watching from before the first build, so that a file saved while it runs, or just after, is built too.
        let loop = RebuildLoop(options: build, polling: options.polling)
        rebuild(changed: nil)
        server.start()
        log(
            "Serving \(options.build.siteFolder)/ at http://127.0.0.1:\(port)/ to the reader \(options.reader). "
                + "Press Ctrl-C to stop.")
        if let note = loop.note { log("Note: \(note).") }
        loop.run(
            until: { lock.withLock { stopped } }, included: lock.withLock { includedFiles },
            rebuild: { changed in
                rebuild(changed: changed)
                return lock.withLock { includedFiles }
            })
        server.stop()
        reload.close()
        session.finishSaving()
        try? FileManager.default.removeItem(atPath: folder)
        log("Stopped.")
    }

    /// Ends `run()`; callable from any thread, a signal handler's queue included.
    public func stop() {
        lock.withLock { stopped = true }
    }

    /// Builds again after the changes to `changed`; nil for the first build, which looks at everything.
    private func rebuild(changed: [String]?) {
        let first = lock.withLock { state.policy == nil && state.errors.isEmpty }
        do {
            let report = try session.build(changed: changed, progress: options.progress)
            let current = lock.withLock { state }
            var next = current
            next.errors = []
            next.includes = report.includes
            lock.withLock { includedFiles = report.includedFiles }
            // The preview folder is new, so its first successful build publishes, and with it the first policy.
            if let manifest = report.manifest,
                current.policy == nil || report.changedFiles.contains(AccessManifest.relativePath)
            {
                adopt(manifest, into: &next)
            }
            if !report.changedFiles.isEmpty || !current.errors.isEmpty || current.build.isEmpty {
                next.build = nextBuildName()
            }
            publish(next)
            for warning in report.warnings { log("warning: \(warning)") }
            log(
                first
                    ? "Built \(report.pageCount) pages in \(String(format: "%.2f", report.seconds)) s."
                    : RebuildLoop.summary(of: report, changed: changed ?? []))
        } catch {
            var next = lock.withLock { state }
            let errors = error.errors.map(\.description)
            if errors != next.errors {
                next.errors = errors
                next.build = nextBuildName()
            }
            publish(next)
            for line in errors { log(line) }
            let noun = errors.count == 1 ? "error" : "errors"
            log(
                next.policy == nil
                    ? "Build failed with \(errors.count) \(noun); fix it and save, the preview builds again."
                    : "Build failed with \(errors.count) \(noun); the preview keeps serving the last good build.")
        }
    }

    /// The rules the build published, as `sitegen-auth` would read them from its manifest.
    private func adopt(_ manifest: AccessManifest, into state: inout PreviewState) {
        guard
            let policy = try? AccessPolicy(
                manifest: manifest, unknownPaths: .signedIn, emailRulesAllowed: options.allowsEmailRules)
        else { return }
        state.policy = policy
    }

    private func publish(_ next: PreviewState) {
        lock.withLock { state = next }
        reload.publish(next.build)
    }

    private func nextBuildName() -> String {
        lock.withLock {
            builds += 1
            return "\(instance)-\(builds)"
        }
    }
}

/// Lets the server's handler reach the router, which is made once the server knows its port.
private final class RouterBox: @unchecked Sendable {
    var router: PreviewRouter?
}
