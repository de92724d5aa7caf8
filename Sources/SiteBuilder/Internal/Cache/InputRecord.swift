import Foundation

/// What a build saw of one file it reads: its stamp, and the SHA-256 of its bytes as hex.
struct InputRecord: Sendable, Equatable {
    var stamp: FileStamp
    var digest: String

    /// What the file at `path` holds now; nil when it cannot be read. While its stamp is one `previous` recorded and
    /// trusts, the recorded digest stands and the file is not read.
    static func current(of path: String, previous: BuildRecord?) -> InputRecord? {
        guard let stamp = FileStamp.of(path),
            let digest = previous?.trustedDigest(of: path, stamp: stamp)
                ?? FileManager.default.contents(atPath: path).map(SHA256.hex)
        else { return nil }
        return InputRecord(stamp: stamp, digest: digest)
    }
}
