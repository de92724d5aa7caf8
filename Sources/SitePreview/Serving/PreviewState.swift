public import AccessRules
public import SiteBuilder

/// What the preview serves at one moment: the output folder of the last good build with its access
/// rules, the name tabs compare to know they are out of date, and the errors of the last build when it
/// failed. A new state replaces the old one whole after every build.
public struct PreviewState: Sendable {
    /// The preview's own output folder, never the site's `public/`.
    public var outputFolder: String
    /// Changes whenever tabs should reload.
    public var build: String
    /// The access rules of the last good build; nil until a build has succeeded.
    public var policy: AccessPolicy?
    /// The errors of the last build, as `file:line: message`; empty when it succeeded.
    public var errors: [String]
    /// What the last good build's pages were made for the web server to run: the preview evaluates their
    /// Server Side Includes as nginx would only when they were made for nginx, and otherwise serves them as is.
    public var includes: ServerIncludes

    public init(
        outputFolder: String, build: String, policy: AccessPolicy?, errors: [String],
        includes: ServerIncludes = .nginx
    ) {
        self.outputFolder = outputFolder
        self.build = build
        self.policy = policy
        self.errors = errors
        self.includes = includes
    }
}
