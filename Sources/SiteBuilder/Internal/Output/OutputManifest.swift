/// What the last successful build wrote: every output file with the key it was made from and
/// the SHA-256 of its bytes. Stored in the build cache; see `BuildCache`.
struct OutputManifest: Codable, Sendable {
    struct Entry: Codable, Sendable, Equatable {
        /// The hash of everything the file was made from (for a page: its full render context and the templates).
        var key: String
        /// The SHA-256 of the file's bytes, to check the file in the output is still intact.
        var digest: String
    }

    var generator: String
    var files: [String: Entry]
}
