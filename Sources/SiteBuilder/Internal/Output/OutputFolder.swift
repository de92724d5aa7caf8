import AccessRules
import Foundation

/// The output folder as a build found it, and where the new site's files wait until "Publish" makes them
/// the output. Immutable: stages ask it which files the last build left intact (`unchanged`, `intact`) and
/// stage the bytes they make (`stage`), and each returns the `OutputFile`s it made; only "Publish" changes
/// the output (see `OutputPublication`).
///
/// Over an existing output folder the build works in place: each new or changed file is staged in a hidden
/// folder beside the output (`.public.sitegen-new/`, at the same relative path) and renamed over its target
/// only once every file is staged, so a failed build, even one killed or out of disk, leaves the output
/// exactly as it was, and a reader never sees half a file. That touches only what changed: creating and
/// removing directory entries is the slow part of publishing a large site. A new output folder, or one where
/// a file must become a folder or the other way round, is assembled in a staging folder beside it and swapped
/// in whole (see `AtomicPublish`).
struct OutputFolder: Sendable {
    enum Mode: Equatable, Sendable {
        case inPlace
        /// The folder the new site is assembled in, `.NAME.tmp-RANDOM` beside the output.
        case staging(String)
    }

    struct Failure: Error {
        let message: String
    }

    let path: String
    let mode: Mode
    /// The last build's record of its output files.
    let previous: [String: BuildRecord.Entry]
    /// When the build whose record `previous` is started (`BuildRecord.started`); nil when there was none.
    let previousStarted: Int?
    /// The output as it was when the build began.
    let current: [String: FileStamp]
    /// `current` is exactly what `previous` lists (`OutputListing.asRecorded`): a file `previous` lists is intact.
    private let currentIsRecorded: Bool
    /// Where new files are staged: the hidden folder beside the output in place, else the staging folder.
    let stagingArea: String

    /// Picks the mode from `current`, the files the output folder holds, and `newFiles`, every file the
    /// new site will have.
    init(
        outputFolder: String, previous: BuildRecord?, current: OutputListing, newFiles: [String]
    ) throws(Failure) {
        let output = URL(fileURLWithPath: outputFolder).standardizedFileURL
        path = output.path
        self.previous = previous?.files ?? [:]
        previousStarted = previous?.started
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: output.path, isDirectory: &isDirectory)
        if exists, !isDirectory.boolValue {
            throw Failure(message: "'\(outputFolder)' exists and is not a folder; remove it or choose another --output")
        }
        self.current = current.files
        currentIsRecorded = current.asRecorded
        let parent = output.deletingLastPathComponent()
        // What a build killed while it assembled a staging folder left: no other build runs now (`OutputLock`).
        let leftover = ".\(output.lastPathComponent).tmp-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        where name.hasPrefix(leftover) {
            try? FileManager.default.removeItem(atPath: parent.appendingPathComponent(name).path)
        }
        if exists, !Self.layoutChanges(from: current.files.keys, to: newFiles) {
            stagingArea = parent.appendingPathComponent(".\(output.lastPathComponent).sitegen-new").path
            // What a build that was killed before it could clean up left behind.
            try? FileManager.default.removeItem(atPath: stagingArea)
            mode = .inPlace
            return
        }
        let random = UUID().uuidString.prefix(8).lowercased()
        let staging = parent.appendingPathComponent(".\(output.lastPathComponent).tmp-\(random)").path
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: false)
        } catch {
            throw Failure(
                message: "cannot create a staging folder next to '\(outputFolder)' (\(error.systemReason)); sitegen "
                    + "builds the new site beside the output folder, so let this user write to the folder that holds it"
            )
        }
        stagingArea = staging
        mode = .staging(staging)
    }

    /// True when a new file's folder is a file now, or a new file is a folder now. Only files the output
    /// does not have yet can be either, and most builds have none; and only a current file under the same
    /// top-level folder as one of them can be in its way, so only those are looked at.
    private static func layoutChanges(from currentFiles: Dictionary<String, FileStamp>.Keys, to newFiles: [String])
        -> Bool
    {
        let added = newFiles.filter { !currentFiles.contains($0) }
        guard !added.isEmpty else { return false }
        let tops = Array(Set(added.map(Self.topFolder)))
        var currentFolders: Set<String> = []
        // Compared in place rather than hashed: most builds add files under one or two top-level folders.
        for path in currentFiles where tops.contains(where: { Self.isUnder($0, path) }) {
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

    /// Whether `path` is `top` or below it.
    private static func isUnder(_ top: Substring, _ path: String) -> Bool {
        let path = path.utf8
        guard path.starts(with: top.utf8) else { return false }
        let end = path.index(path.startIndex, offsetBy: top.utf8.count)
        return end == path.endIndex || path[end] == UInt8(ascii: "/")
    }

    /// The first component of `path`: `guide` of `guide/setup/index.html`, the file's name at the top.
    private static func topFolder(of path: String) -> Substring {
        path.utf8.firstIndex(of: UInt8(ascii: "/")).map { path[..<$0] } ?? path[...]
    }

    /// The current output's `path`, kept, when the last build made it from the same `key` and it is intact;
    /// nil otherwise.
    func unchanged(_ path: String, key: String) -> OutputFile? {
        intact(path).flatMap { Self.kept($0, key: key) }
    }

    /// `file`, one of those the last build published, kept when that build made it with `key` and the output is as
    /// that build left it: `unchanged(_:key:)` for a caller that holds the file already, without looking it up.
    func unchanged(publishedFile file: OutputFile, key: String) -> OutputFile? {
        guard currentIsRecorded else { return nil }
        return Self.kept(file, key: key)
    }

    /// `file`, kept, when it was made from `key`; it keeps the caller's `key`, the very string: the next build
    /// compares its key with it, and one string is told equal to itself without reading its bytes.
    private static func kept(_ file: OutputFile, key: String) -> OutputFile? {
        guard file.entry.key == key else { return nil }
        return OutputFile(path: file.path, entry: BuildRecord.Entry(key: key, stamp: file.entry.stamp), content: .kept)
    }

    /// The current output's `path`, kept, when it is as the last build left it, whatever that build made it from.
    func intact(_ path: String) -> OutputFile? {
        guard let entry = previous[path], currentIsRecorded || current[path] == entry.stamp else { return nil }
        return OutputFile(path: path, entry: entry, content: .kept)
    }

    /// Stages `text` as `path`, unless the current output already holds exactly these bytes.
    func stage(_ text: String, as path: String, key: String) throws -> OutputFile {
        var text = text
        return try text.withUTF8 { try stage(UnsafeRawBufferPointer($0), as: path, key: key) }
    }

    /// Stages `data` as `path`, unless the current output already holds exactly these bytes.
    func stage(_ data: Data, as path: String, key: String) throws -> OutputFile {
        try data.withUnsafeBytes { try stage($0, as: path, key: key) }
    }

    private func stage(_ bytes: UnsafeRawBufferPointer, as path: String, key: String) throws -> OutputFile {
        if let stamp = current[path], stamp.size == bytes.count, currentOutput(path, equals: bytes) {
            return OutputFile(path: path, entry: BuildRecord.Entry(key: key, stamp: stamp), content: .identical)
        }
        let stamp = try StagedFile.write(bytes, to: DisplayPaths.join(stagingArea, path))
        return OutputFile(path: path, entry: BuildRecord.Entry(key: key, stamp: stamp), content: .staged)
    }

    /// Removes what this build staged, after a failed or unnecessary build: the output stays as it was.
    func discard() {
        try? FileManager.default.removeItem(atPath: stagingArea)
    }

    private func currentOutput(_ path: String, equals bytes: UnsafeRawBufferPointer) -> Bool {
        guard let data = FileManager.default.contents(atPath: DisplayPaths.join(self.path, path)) else {
            return false
        }
        return data.withUnsafeBytes { $0.elementsEqual(bytes) }
    }
}
