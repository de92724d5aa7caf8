/// What a build saw of one file it reads: its stamp, and the SHA-256 of its bytes as hex.
struct InputRecord: Sendable, Equatable {
    var stamp: FileStamp
    var digest: String
}
