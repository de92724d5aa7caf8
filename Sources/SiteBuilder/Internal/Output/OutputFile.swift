/// One file of the new output, as the stage that made it returns it: its path, the key it was made from,
/// and whether its bytes are the current output's or new ones waiting in the staging area (see
/// `OutputFolder`). "Publish" takes every stage's files and makes them the output.
struct OutputFile: Sendable, Equatable {
    enum Content: Sendable, Equatable {
        /// The current output's file stays as the last build made it, with the last build's entry; its bytes
        /// were not even made again.
        case kept
        /// Made again, and the current output already holds exactly these bytes.
        case identical
        /// Made again, and staged: in place, under the hidden folder beside the output; otherwise in the
        /// staging folder.
        case staged
    }

    let path: String
    let entry: BuildRecord.Entry
    let content: Content

    /// Whether the stage made the file's bytes again (identical or staged), rather than keeping the file.
    var isMade: Bool { content != .kept }
}
