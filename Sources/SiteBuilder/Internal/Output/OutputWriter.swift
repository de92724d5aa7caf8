import AccessRules
import Foundation

/// Writes the new site and records what the output will hold, skipping every file the output already
/// holds as it must be.
///
/// Over an existing output folder it works in place: each new or changed file is written into a
/// hidden folder beside the output (`.public.sitegen-new/`, at the same relative path) and renamed over
/// its target only once every file is written, so a failed build, even one killed or out of disk,
/// leaves the output exactly as it was, and a reader never sees half a file; files the new site no
/// longer has are removed last. That touches only what changed: creating and
/// removing directory entries is the slow part of publishing a large site. A new output folder, or one
/// where a file must become a folder or the other way round, is assembled in a staging folder beside it
/// and swapped in whole (see `AtomicPublish`).
///
/// Worker threads call it concurrently; the bookkeeping is behind a lock, the file writes are not.
final class OutputWriter: @unchecked Sendable {
    enum Mode: Equatable {
        case inPlace
        /// The folder the new site is assembled in, `.NAME.tmp-RANDOM` beside the output.
        case staging(String)
    }

    struct Failure: Error {
        let message: String
    }

    let outputFolder: String
    let mode: Mode
    private let previous: [String: BuildRecord.Entry]
    /// The output as it was when the build began.
    private let current: [String: FileStamp]
    private let lock = NSLock()
    /// Every file of the new output: those this build wrote, and those of the current output that stay as
    /// they are.
    private var entries: [String: BuildRecord.Entry] = [:]
    /// Files this build wrote: in place under their temporary names, or into the staging folder.
    private var written: Set<String> = []
    /// Files given to `write`, written or found already as they must be: the only entries that may not be
    /// the last build's (every other file is kept, with its entry from the last build's record).
    private var passedToWrite: Set<String> = []
    private var removed: [String] = []
    /// Where an in-place build writes its files until it publishes them: `.NAME.sitegen-new` beside the output.
    private let pending: String

    /// Picks the mode from `current`, the files the output folder holds, and `newFiles`, every file the
    /// new site will have.
    init(
        outputFolder: String, previous: BuildRecord?, current: [String: FileStamp], newFiles: Set<String>
    ) throws(Failure) {
        let output = URL(fileURLWithPath: outputFolder).standardizedFileURL
        self.outputFolder = output.path
        self.previous = previous?.files ?? [:]
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: output.path, isDirectory: &isDirectory)
        if exists, !isDirectory.boolValue {
            throw Failure(message: "'\(outputFolder)' exists and is not a folder; remove it or choose another --output")
        }
        self.current = current
        entries.reserveCapacity(newFiles.count)
        let parent = output.deletingLastPathComponent()
        pending = parent.appendingPathComponent(".\(output.lastPathComponent).sitegen-new").path
        if exists, !Self.layoutChanges(from: current.keys, to: newFiles) {
            // What a build that was killed before it could clean up left behind.
            try? FileManager.default.removeItem(atPath: pending)
            mode = .inPlace
            return
        }
        let random = UUID().uuidString.prefix(8).lowercased()
        let staging = parent.appendingPathComponent(".\(output.lastPathComponent).tmp-\(random)").path
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: false)
        } catch {
            throw Failure(message: "cannot create a staging folder next to '\(outputFolder)': \(error)")
        }
        mode = .staging(staging)
    }

    /// True when a new file's folder is a file now, or a new file is a folder now. Only files the output
    /// does not have yet can be either, and most builds have none.
    private static func layoutChanges(from currentFiles: Dictionary<String, FileStamp>.Keys, to newFiles: Set<String>)
        -> Bool
    {
        let added = newFiles.filter { !currentFiles.contains($0) }
        guard !added.isEmpty else { return false }
        var currentFolders: Set<String> = []
        for path in currentFiles {
            var folder = SitePath.parent(of: path)
            while !folder.isEmpty, currentFolders.insert(folder).inserted { folder = SitePath.parent(of: folder) }
        }
        for path in added {
            if currentFolders.contains(path) { return true }
            var folder = SitePath.parent(of: path)
            while !folder.isEmpty {
                if currentFiles.contains(folder) { return true }
                folder = SitePath.parent(of: folder)
            }
        }
        return false
    }

    /// A file of the current output that the last build made from the key this build asks for, and that is
    /// intact; only `unchanged` makes one, so every file kept has the last build's entry.
    struct KeptFile: Sendable {
        let path: String
        let entry: BuildRecord.Entry

        fileprivate init(_ path: String, _ entry: BuildRecord.Entry) {
            self.path = path
            self.entry = entry
        }
    }

    /// Keeps the current output's `path` when the last build made it from the same `key` and it is intact.
    func keepIfUnchanged(_ path: String, key: String) -> Bool {
        guard let file = unchanged(path, key: key) else { return false }
        keep([file])
        return true
    }

    /// The file at `path` when the last build made it from the same `key` and it is intact; nil otherwise.
    /// Records nothing: pass what to keep to `keep(_:)`, many files at a time.
    func unchanged(_ path: String, key: String) -> KeptFile? {
        guard let file = intact(path), file.entry.key == key else { return nil }
        return file
    }

    /// The file at `path` when it is as the last build left it, whatever that build made it from.
    func intact(_ path: String) -> KeptFile? {
        guard let entry = previous[path], current[path] == entry.stamp else { return nil }
        return KeptFile(path, entry)
    }

    /// Keeps these files of the current output as they are, taking the lock once for all of them.
    func keep(_ files: [KeptFile]) {
        lock.withLock {
            for file in files { entries[file.path] = file.entry }
        }
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
        if let stamp = current[path], stamp.size == bytes.count, currentOutput(path, equals: bytes) {
            record(path, BuildRecord.Entry(key: key, stamp: stamp), kept: true)
            return
        }
        let target: String
        switch mode {
        case .inPlace:
            target = DisplayPaths.join(pending, path)
        case .staging(let folder):
            target = DisplayPaths.join(folder, path)
        }
        let stamp = try StagedFile.write(bytes, to: target)
        record(path, BuildRecord.Entry(key: key, stamp: stamp), kept: false)
    }

    /// The files of the new output, each with the key it was made from.
    var files: [String: BuildRecord.Entry] {
        lock.withLock { entries }
    }

    /// How the new output's files differ from the last build's record, for the record appended to it (see
    /// `BuildRecord.appendix`). Compares only the files given to `write`: every other file is kept with the
    /// last build's entry, so after an edit this looks at a few files, not every file of the site.
    var changes: OutputChanges {
        let (entries, candidates) = lock.withLock { (self.entries, passedToWrite) }
        var files: [String: BuildRecord.Entry] = [:]
        var added = 0
        for path in candidates {
            guard let entry = entries[path] else { continue }
            let before = previous[path]
            if before == nil { added += 1 }
            if before != entry { files[path] = entry }
        }
        // Every kept file is one of the last build's, so the new files it also had number `entries.count - added`.
        let removed = entries.count - added == previous.count ? [] : previous.keys.filter { entries[$0] == nil }
        return OutputChanges(files: files, removed: removed)
    }

    /// True when the current output already is the new site: nothing written, nothing to remove.
    var outputIsUnchanged: Bool {
        lock.withLock { written.isEmpty && staleFiles(entries, passedToWrite).isEmpty }
    }

    /// The files of the current output the new site does not have. Every kept file is one of the current
    /// output's, so only files given to `write` can be missing from it, and the counts tell whether any
    /// current file is left over: the current files are looked through only when one is.
    private func staleFiles(_ entries: [String: BuildRecord.Entry], _ passedToWrite: Set<String>) -> [String] {
        let new = passedToWrite.count { current[$0] == nil }
        guard current.count != entries.count - new else { return [] }
        return current.keys.filter { entries[$0] == nil }
    }

    /// The output files this build wrote or removed, once published, sorted.
    var changedFiles: [String] {
        lock.withLock { (Array(written) + removed).sorted() }
    }

    /// Makes the new site the output: renames each written file over its target (the access manifest
    /// last) and removes what the new site no longer has; or swaps the staging folder in.
    func publish() throws(Failure) {
        let (written, entries, passedToWrite) = lock.withLock { (self.written, self.entries, self.passedToWrite) }
        guard case .inPlace = mode else {
            try publishStaging(
                kept: entries.keys.filter { !written.contains($0) }, stale: staleFiles(entries, passedToWrite))
            return
        }
        let manifest = AccessManifest.relativePath
        for path in written.sorted() where path != manifest {
            try replace(path)
        }
        if written.contains(manifest) { try replace(manifest) }
        try? FileManager.default.removeItem(atPath: pending)
        let stale = staleFiles(entries, passedToWrite).sorted()
        for path in stale {
            guard unlink(DisplayPaths.join(outputFolder, path)) == 0 || errno == ENOENT else {
                throw Self.failure("cannot remove \(path), which the site no longer has")
            }
            var folder = SitePath.parent(of: path)
            while !folder.isEmpty, rmdir(DisplayPaths.join(outputFolder, folder)) == 0 {
                folder = SitePath.parent(of: folder)
            }
        }
        lock.withLock { removed = stale }
    }

    private func replace(_ path: String) throws(Failure) {
        let target = DisplayPaths.join(outputFolder, path)
        do {
            try StagedFile.makeParentFolder(of: target)
        } catch {
            throw Failure(message: "cannot create the folder of \(path): \(error.localizedDescription)")
        }
        guard rename(DisplayPaths.join(pending, path), target) == 0 else {
            throw Self.failure("cannot replace \(path)")
        }
    }

    private func publishStaging(kept: [String], stale: [String]) throws(Failure) {
        guard case .staging(let staging) = mode else { return }
        do {
            // Hard links (copies where links are not possible) make the staging folder the whole new site.
            for path in kept {
                let target = DisplayPaths.join(staging, path)
                try StagedFile.makeParentFolder(of: target)
                if link(DisplayPaths.join(outputFolder, path), target) != 0 {
                    try FileManager.default.copyItem(atPath: DisplayPaths.join(outputFolder, path), toPath: target)
                }
            }
        } catch {
            throw Failure(message: "cannot assemble the new site: \(error.localizedDescription)")
        }
        do {
            try AtomicPublish.replace(outputFolder, with: staging)
        } catch {
            throw Failure(message: error.message)
        }
        lock.withLock { removed = stale }
    }

    /// Whether publishing replaces the output's access manifest: false when the build keeps it as it is.
    var replacesManifest: Bool {
        switch mode {
        case .inPlace: lock.withLock { written.contains(AccessManifest.relativePath) }
        case .staging: true
        }
    }

    /// The access manifest the output holds now.
    var liveManifestPath: String { DisplayPaths.join(outputFolder, AccessManifest.relativePath) }

    /// Puts `data` in place of the output's access manifest in one rename, before the rest is published.
    func replaceLiveManifest(with data: Data) throws(Failure) {
        let staged = liveManifestPath + ".sitegen-interim"
        guard FileManager.default.createFile(atPath: staged, contents: data) else {
            throw Failure(message: "cannot write \(AccessManifest.relativePath) before the pages change")
        }
        guard rename(staged, liveManifestPath) == 0 else {
            let failure = Self.failure("cannot replace \(AccessManifest.relativePath) before the pages change")
            unlink(staged)
            throw failure
        }
    }

    /// Removes what this build wrote, after a failed or unnecessary build: the output stays as it was.
    func discard() {
        switch mode {
        case .inPlace: try? FileManager.default.removeItem(atPath: pending)
        case .staging(let folder): try? FileManager.default.removeItem(atPath: folder)
        }
    }

    private func record(_ path: String, _ entry: BuildRecord.Entry, kept isKept: Bool) {
        lock.withLock {
            entries[path] = entry
            passedToWrite.insert(path)
            if !isKept { written.insert(path) }
        }
    }

    private func currentOutput(_ path: String, equals bytes: UnsafeRawBufferPointer) -> Bool {
        guard let data = FileManager.default.contents(atPath: DisplayPaths.join(outputFolder, path)) else {
            return false
        }
        return data.withUnsafeBytes { $0.elementsEqual(bytes) }
    }

    private static func failure(_ what: String) -> Failure {
        Failure(message: "\(what): \(String(cString: strerror(errno)))")
    }
}

/// The files a build's output has with entries other than the last build's, and the last build's files it
/// no longer has.
struct OutputChanges: Sendable, Equatable {
    var files: [String: BuildRecord.Entry]
    var removed: [String]
}
