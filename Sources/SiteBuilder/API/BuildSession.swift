import Foundation

/// Builds one site again and again in one process, as `sitegen build --watch` and `sitegen serve` do, keeping
/// for each build what the last one read and wrote: the build cache's files, which a lone build reads and decodes
/// first; the knowledge that the output folder is as its record lists it, which a lone build lists folder by folder
/// to find out; and the site folder's listing, of which only the folders a watch reports changed are listed again.
/// What it keeps of the cache is trusted only while those files are as the session wrote them: a build by another
/// process in between, or a cache folder removed, sends the next build to the disk as a lone one would go.
///
/// A session's builds publish exactly what `SiteBuilder.build` publishes for the same files.
///
/// ```swift
/// let session = BuildSession(options: BuildOptions(siteFolder: "site", outputFolder: "public"))
/// _ = try session.build()
/// // … a watch reports site/guide/new.md …
/// let report = try session.build(changed: ["site/guide/new.md"])  // lists site/guide/ alone, reads no cache file
/// ```
public final class BuildSession: Sendable {
    public let options: BuildOptions
    let memory = SessionMemory()
    /// The site folder as an absolute path without `.` or `..`, as a watch names what changed.
    private let siteFolder: String

    /// A session building with `options`; nothing is built until `build(changed:)`.
    public init(options: BuildOptions) {
        self.options = options
        siteFolder = URL(fileURLWithPath: options.siteFolder).standardizedFileURL.path
    }

    /// Waits for the last build to be saved (`finishSaving()`), so that a session let go of leaves no cache half
    /// written.
    deinit {
        _ = memory.saved()
    }

    /// Builds as `SiteBuilder.build` does, starting from what the session's last build read and wrote, and returns
    /// once the site is published: the build cache is saved after, on another thread (see `finishSaving()`). `changed`
    /// names every path below the site folder that changed since the last call, as a watch reports it (paths
    /// elsewhere are passed by: the build looks at every other input itself); nil, when that is not known, lists the
    /// whole site folder.
    public func build(
        changed: [String]? = nil, progress: (@Sendable (BuildProgress) -> Void)? = nil
    ) throws(BuildFailure) -> BuildReport {
        memory.noteChanges(changed.map { Set($0.compactMap(relativeToSite)) })
        return try SiteBuilder.build(options: options, memory: memory, progress: progress)
    }

    /// Waits until the last build is saved in the build cache, and returns the warning when it could not be: a
    /// build returns once its site is published, and is saved for the next build meanwhile. Call it before the output
    /// or cache folder goes, or the process ends; the session's next build waits for it too, and gives that warning
    /// itself unless this call took it.
    @discardableResult
    public func finishSaving() -> BuildError? {
        memory.saved()
    }

    /// `path` relative to the site folder (`""` for the folder itself); nil for a path elsewhere.
    private func relativeToSite(_ path: String) -> String? {
        DisplayPaths.relative(URL(fileURLWithPath: path).standardizedFileURL.path, inside: siteFolder)
    }
}
