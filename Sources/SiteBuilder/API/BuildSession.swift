/// Builds one site again and again in one process, as `sitegen build --watch` and `sitegen serve` do, keeping
/// for each build what the last one wrote: the build cache's files, which a lone build reads and decodes first,
/// and the knowledge that the output folder is as its record lists it, which a lone build lists folder by folder
/// to find out. What it keeps is only trusted while those files are as the session wrote them: a build by another
/// process in between, or a cache folder removed, sends the next build to the disk as a lone one would go.
///
/// A session's builds publish exactly what `SiteBuilder.build` publishes for the same files.
///
/// ```swift
/// let session = BuildSession(options: BuildOptions(siteFolder: "site", outputFolder: "public"))
/// _ = try session.build()
/// // … a page is added …
/// let report = try session.build()  // renders the pages that show it, and reads no cache file
/// ```
public final class BuildSession: Sendable {
    public let options: BuildOptions
    let memory = CacheMemory()

    /// A session building with `options`; nothing is built until `build()`.
    public init(options: BuildOptions) {
        self.options = options
    }

    /// Builds as `SiteBuilder.build` does, starting from what the session's last build wrote.
    public func build(progress: (@Sendable (BuildProgress) -> Void)? = nil) throws(BuildFailure) -> BuildReport {
        try SiteBuilder.build(options: options, memory: memory, progress: progress)
    }
}
