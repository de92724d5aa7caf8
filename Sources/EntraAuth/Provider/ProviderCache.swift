import Foundation

/// The last good discovery document and key set on disk, so a restart works while the provider is unreachable.
struct ProviderCache {
    struct Snapshot: Codable {
        var metadataURL: String
        var metadata: Data
        var keys: Data
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

    /// Writes atomically (temporary file, then rename) so a crash never leaves half a cache.
    func save(_ snapshot: Snapshot) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let data = try JSONEncoder().encode(snapshot)
        try data.write(to: URL(fileURLWithPath: file), options: .atomic)
    }
}
