/// What the last successful build read and wrote: a digest of all its inputs, every output file with
/// the key it was made from, and what the build reported. Stored in the build cache; see `BuildCache`.
struct OutputManifest: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        /// The hash of everything the file was made from (for a page: its full render context and the templates).
        var key: String
        /// The file's size and modification time once written, to tell that it is still intact.
        var stamp: OutputTree.Stamp
    }

    var generator: String
    /// The digest of every file the build read and the options it ran with; see `BuildInputs`.
    var inputs: String
    var files: [String: Entry]
    var pageCount: Int
    var assetCount: Int
    var aliasCount: Int
    var access: AccessCounts
    var warnings: [BuildError]
}
