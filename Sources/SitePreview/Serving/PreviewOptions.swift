public import SiteBuilder

/// How `sitegen serve` runs: what to build, on which port, for which reader, and how to watch.
public struct PreviewOptions: Sendable {
    /// The site and templates folders and switches of the build; its output folder is not used.
    public var build: BuildOptions
    /// 0 for any free port.
    public var port: UInt16
    public var reader: PreviewReader
    /// Watch by listing the folders every half second instead of with inotify.
    public var polling: Bool
    /// Rules naming e-mail addresses admit their readers, as sitegen-auth's `allow_email_rules = true` makes them;
    /// off, as it is by default, such a rule admits no one by an address.
    public var allowsEmailRules: Bool
    /// Told how each build gets on, as `SiteBuilder.build` tells it: the first build of a large site takes a while.
    public var progress: (@Sendable (BuildProgress) -> Void)?

    public init(
        build: BuildOptions, port: UInt16 = 8000, reader: PreviewReader = .everyone, polling: Bool = false,
        allowsEmailRules: Bool = false, progress: (@Sendable (BuildProgress) -> Void)? = nil
    ) {
        self.build = build
        self.port = port
        self.reader = reader
        self.polling = polling
        self.allowsEmailRules = allowsEmailRules
        self.progress = progress
    }
}
