import Foundation

/// Writes the new site into a staging folder beside the output, skipping every file the current
/// output already holds byte for byte, and records what the output will contain.
///
/// Worker threads call it concurrently; the bookkeeping is behind a lock, the file writes are not.
final class OutputWriter: @unchecked Sendable {
    let outputFolder: String
    let stagingFolder: String
    private let previous: [String: OutputManifest.Entry]
    private let lock = NSLock()
    private var entries: [String: OutputManifest.Entry] = [:]
    private var kept: Set<String> = []
    private var writtenCount = 0
    private var createdFolders: Set<String> = []

    /// Creates the staging folder `.NAME.tmp-RANDOM` next to `outputFolder`.
    init(outputFolder: String, previous: OutputManifest?) throws {
        let output = URL(fileURLWithPath: outputFolder).standardizedFileURL
        let parent = output.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let random = UUID().uuidString.prefix(8).lowercased()
        self.outputFolder = output.path
        self.stagingFolder = parent.appendingPathComponent(".\(output.lastPathComponent).tmp-\(random)").path
        self.previous = previous?.files ?? [:]
        try FileManager.default.createDirectory(atPath: stagingFolder, withIntermediateDirectories: false)
    }

    /// Keeps the current output's `path` when the last build made it from the same `key` and it is intact.
    func keepIfUnchanged(_ path: String, key: String) -> Bool {
        guard let entry = previous[path], entry.key == key, currentOutputHas(path, digest: entry.digest) else {
            return false
        }
        record(path, entry, kept: true)
        return true
    }

    /// Writes `data` as `path`, unless the current output already holds exactly these bytes.
    func write(_ data: Data, to path: String, key: String) throws {
        let entry = OutputManifest.Entry(key: key, digest: SHA256.hex(data))
        if previous[path]?.digest == entry.digest, currentOutputHas(path, digest: entry.digest) {
            record(path, entry, kept: true)
            return
        }
        let target = DisplayPaths.join(stagingFolder, path)
        try createParent(of: target)
        try data.write(to: URL(fileURLWithPath: target))
        record(path, entry, kept: false)
    }

    /// The manifest of the new output.
    var manifest: OutputManifest {
        lock.withLock { OutputManifest(generator: PageContext.generator, files: entries) }
    }

    /// True when the current output already is the new site: nothing written, nothing to delete.
    func outputIsUnchanged() -> Bool {
        let (written, paths) = lock.withLock { (writtenCount, Set(entries.keys)) }
        guard written == 0, paths == Set(previous.keys) else { return false }
        return OutputTree.files(in: outputFolder) == paths
    }

    /// Hard-links every kept file from the current output into the staging folder (copying where
    /// links are not possible), so the staging folder holds the complete new site.
    func completeStaging() throws {
        for path in lock.withLock({ kept }) {
            let target = DisplayPaths.join(stagingFolder, path)
            let source = DisplayPaths.join(outputFolder, path)
            try createParent(of: target)
            if link(source, target) != 0 {
                try FileManager.default.copyItem(atPath: source, toPath: target)
            }
        }
    }

    /// Removes the staging folder after a failed or unnecessary build.
    func discardStaging() {
        try? FileManager.default.removeItem(atPath: stagingFolder)
    }

    private func record(_ path: String, _ entry: OutputManifest.Entry, kept isKept: Bool) {
        lock.withLock {
            entries[path] = entry
            if isKept { kept.insert(path) } else { writtenCount += 1 }
        }
    }

    private func currentOutputHas(_ path: String, digest: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: DisplayPaths.join(outputFolder, path)) else {
            return false
        }
        return SHA256.hex(data) == digest
    }

    private func createParent(of file: String) throws {
        let parent = (file as NSString).deletingLastPathComponent
        if lock.withLock({ createdFolders.contains(parent) }) { return }
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            // Another worker may have created it between the check and the call.
            guard FileManager.default.fileExists(atPath: parent) else { throw error }
        }
        lock.withLock { _ = createdFolders.insert(parent) }
    }
}
