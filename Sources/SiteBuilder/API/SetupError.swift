/// Why `sitegen new` or `sitegen theme export` stopped: what is in the way and what to do. Nothing
/// was written when `kind` is `folderNotEmpty`, `fileExists` or `unknownThemeFile`.
public struct SetupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, for callers that react to it.
    public enum Kind: Sendable, Equatable {
        /// `sitegen new` was given a folder that already holds files.
        case folderNotEmpty
        /// A file to write exists already and replacing was not asked for.
        case fileExists
        /// A file asked for is not part of the built-in theme.
        case unknownThemeFile
        /// A folder or file could not be created.
        case cannotWrite
    }

    public let kind: Kind
    /// A sentence saying what is wrong and what to do.
    public let description: String
}
