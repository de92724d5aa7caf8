import Foundation

/// The last good discovery document and key set on disk, so a restart works while the provider is unreachable, and
/// processes that each answer one request (CGI) share what one of them fetched.
struct ProviderCache {
    struct Snapshot: Codable {
        var metadataURL: String
        var metadata: Data
        var keys: Data
        /// When the copy is due for renewal (the key set's `Cache-Control`, or a retry after a failed renewal); nil
        /// in a cache written before it was kept, which is then due at once.
        var renewAt: Date?
        /// When a token naming an unknown `kid` last made a process refetch the keys.
        var keysRefetchedAt: Date?
    }

    let directory: String
    var file: String { directory + "/provider-cache.json" }

    func load(for metadataURL: URL) -> Snapshot? {
        guard let data = FileManager.default.contents(atPath: file),
            let snapshot = try? JSONDecoder().decode(Snapshot.self, from: data),
            snapshot.metadataURL == metadataURL.absoluteString
        else { return nil }
        return snapshot
    }

    /// Writes atomically (temporary file, then rename) so a crash never leaves half a cache, and processes writing at
    /// once leave one whole copy.
    func save(_ snapshot: Snapshot) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let data = try JSONEncoder().encode(snapshot)
        try data.write(to: URL(fileURLWithPath: file), options: .atomic)
    }
}
