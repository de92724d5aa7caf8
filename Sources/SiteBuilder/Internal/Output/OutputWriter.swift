import Foundation

/// Writes the new site into a staging folder beside the output, skipping every file the current
/// output already holds byte for byte, and records what the output will contain.
///
/// Worker threads call it concurrently; the bookkeeping is behind a lock, the file writes are not.
/// The staging folder is published as a whole, so each file is written once, in place, with no
/// temporary file of its own.
final class OutputWriter: @unchecked Sendable {
    let outputFolder: String
    let stagingFolder: String
    private let previous: [String: OutputManifest.Entry]
    private let lock = NSLock()
    private var entries: [String: OutputManifest.Entry] = [:]
    private var kept: Set<String> = []
    private var writtenCount = 0

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
        guard let entry = previous[path], entry.key == key, currentOutputHas(path, entry) else { return false }
        record(path, entry, kept: true)
        return true
    }

    /// Writes `text` as `path`, unless the current output already holds exactly these bytes.
    func write(_ text: String, to path: String, key: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0), to: path, key: key) }
    }

    /// Writes `data` as `path`, unless the current output already holds exactly these bytes.
    func write(_ data: Data, to path: String, key: String) throws {
        try data.withUnsafeBytes { try write($0, to: path, key: key) }
    }

    private func write(_ bytes: UnsafeRawBufferPointer, to path: String, key: String) throws {
        if let entry = previous[path], entry.stamp.size == bytes.count, currentOutputHas(path, entry),
            currentOutput(path, equals: bytes)
        {
            record(path, OutputManifest.Entry(key: key, stamp: entry.stamp), kept: true)
            return
        }
        let stamp = try StagedFile.write(bytes, to: DisplayPaths.join(stagingFolder, path))
        record(path, OutputManifest.Entry(key: key, stamp: stamp), kept: false)
    }

    /// The files of the new output, each with the key it was made from.
    var files: [String: OutputManifest.Entry] {
        lock.withLock { entries }
    }

    /// True when the current output already is the new site: nothing written, nothing to delete.
    func outputIsUnchanged() -> Bool {
        let (written, paths) = lock.withLock { (writtenCount, Set(entries.keys)) }
        guard written == 0, paths == Set(previous.keys) else { return false }
        return Set(OutputTree.files(in: outputFolder).keys) == paths
    }

    /// Hard-links every kept file from the current output into the staging folder (copying where
    /// links are not possible), so the staging folder holds the complete new site.
    func completeStaging() throws {
        for path in lock.withLock({ kept }) {
            let target = DisplayPaths.join(stagingFolder, path)
            let source = DisplayPaths.join(outputFolder, path)
            try StagedFile.makeParentFolder(of: target)
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

    private func currentOutput(_ path: String, equals bytes: UnsafeRawBufferPointer) -> Bool {
        guard let data = FileManager.default.contents(atPath: DisplayPaths.join(outputFolder, path)) else {
            return false
        }
        return data.withUnsafeBytes { $0.elementsEqual(bytes) }
    }

    /// The file is as the last build left it: same size and modification time (nothing has written it since).
    private func currentOutputHas(_ path: String, _ entry: OutputManifest.Entry) -> Bool {
        OutputTree.stamp(of: DisplayPaths.join(outputFolder, path)) == entry.stamp
    }
}
