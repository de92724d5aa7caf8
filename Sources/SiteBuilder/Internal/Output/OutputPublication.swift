import AccessRules
import Foundation

/// Every file of the new site, as the stages returned them, over the output folder they were staged for;
/// what "Publish" makes the output. Works out what changes (files staged, files the new site no longer has)
/// and how the new output's record differs from the last build's.
struct OutputPublication {
    let folder: OutputFolder
    /// Every file of the new output, each with the key it was made from: those staged, and those of the
    /// current output that stay as they are.
    let entries: [String: BuildRecord.Entry]
    /// Files staged: in place under the hidden folder, or in the staging folder.
    private let staged: Set<String>
    /// Files whose bytes a stage made again, staged or found already as they must be: the only entries that
    /// may not be the last build's (every other file is kept, with its entry from the last build's record).
    private let made: Set<String>
    /// The files of the current output the new site does not have, which publishing removes.
    let staleFiles: [String]

    /// `files` name each path once: every stage's paths are claimed (`OutputClaims`).
    init(folder: OutputFolder, files: [[OutputFile]]) {
        self.folder = folder
        var staged: Set<String> = []
        var made: Set<String> = []
        var madeFiles: [OutputFile] = []
        var kept = 0
        // By index, not through `joined()`: most files are kept, and only their content is read.
        for list in files {
            for index in list.indices {
                guard list[index].isMade else {
                    kept += 1
                    continue
                }
                let file = list[index]
                made.insert(file.path)
                madeFiles.append(file)
                if file.content == .staged { staged.insert(file.path) }
            }
        }
        // A kept file has the last build's entry. When the kept files and the made files the last build had are
        // all of its files, the new entries are its record's with the made files' replaced: after an edit, a few
        // entries changed in a copy instead of every path hashed again.
        var entries: [String: BuildRecord.Entry]
        if kept + made.count(where: { folder.previous[$0] != nil }) == folder.previous.count {
            entries = folder.previous
            for file in madeFiles { entries[file.path] = file.entry }
        } else {
            entries = [:]
            entries.reserveCapacity(files.reduce(0) { $0 + $1.count })
            for file in files.joined() { entries[file.path] = file.entry }
        }
        self.entries = entries
        self.staged = staged
        self.made = made
        staleFiles = Self.staleFiles(current: folder.current, entries: entries, made: made)
    }

    /// The files of `current` not among `entries`. Every kept file is one of the current output's, so only files
    /// made again can be missing from it, and the counts tell whether any current file is left over: the current
    /// files are looked through only when one is.
    private static func staleFiles(
        current: [String: FileStamp], entries: [String: BuildRecord.Entry], made: Set<String>
    ) -> [String] {
        let new = made.count { current[$0] == nil }
        guard current.count != entries.count - new else { return [] }
        return current.keys.filter { entries[$0] == nil }
    }

    /// How the new output's files differ from the last build's record, for the record appended to it (see
    /// `BuildRecord.appendix`). Compares only the files made again: every other file is kept with the last
    /// build's entry, so after an edit this looks at a few files, not every file of the site.
    var changes: OutputChanges {
        var files: [String: BuildRecord.Entry] = [:]
        var added = 0
        for path in made {
            guard let entry = entries[path] else { continue }
            let before = folder.previous[path]
            if before == nil { added += 1 }
            if before != entry { files[path] = entry }
        }
        // Every kept file is one of the last build's, so the new files it also had number `entries.count - added`.
        let removed =
            entries.count - added == folder.previous.count ? [] : folder.previous.keys.filter { entries[$0] == nil }
        return OutputChanges(files: files, removed: removed)
    }

    /// True when the current output already is the new site: nothing staged, nothing to remove.
    var outputIsUnchanged: Bool {
        staged.isEmpty && staleFiles.isEmpty
    }

    /// The output files publishing writes or removes, sorted.
    var changedFiles: [String] {
        (Array(staged) + staleFiles).sorted()
    }

    /// Whether publishing replaces the output's access manifest: false when the build keeps it as it is.
    var replacesManifest: Bool {
        switch folder.mode {
        case .inPlace: staged.contains(AccessManifest.relativePath)
        case .staging: true
        }
    }

    /// Makes the new site the output: renames each staged file over its target (the access manifest last)
    /// and removes what the new site no longer has; or swaps the staging folder in.
    func publish() throws(OutputFolder.Failure) {
        guard case .inPlace = folder.mode else {
            try publishStaging()
            return
        }
        let manifest = AccessManifest.relativePath
        for path in staged.sorted() where path != manifest {
            try replace(path)
        }
        // Files the site no longer has go before the manifest that no longer lists them: a file that stayed would be
        // served as a path no manifest knows (`unknown_paths`), not under the rule it had.
        for path in staleFiles.sorted() {
            guard unlink(DisplayPaths.join(folder.path, path)) == 0 || errno == ENOENT else {
                throw Self.failure("cannot remove \(path), which the site no longer has")
            }
            var parent = SitePath.parent(of: path)
            while !parent.isEmpty, rmdir(DisplayPaths.join(folder.path, parent)) == 0 {
                parent = SitePath.parent(of: parent)
            }
        }
        if staged.contains(manifest) { try replace(manifest) }
        folder.discard()
    }

    private func replace(_ path: String) throws(OutputFolder.Failure) {
        let target = DisplayPaths.join(folder.path, path)
        do {
            try StagedFile.makeParentFolder(of: target)
        } catch {
            throw OutputFolder.Failure(message: "cannot create the folder of \(path): \(error.systemReason)")
        }
        guard rename(DisplayPaths.join(folder.stagingArea, path), target) == 0 else {
            throw Self.failure("cannot replace \(path)")
        }
    }

    private func publishStaging() throws(OutputFolder.Failure) {
        let staging = folder.stagingArea
        do {
            // Hard links (copies where links are not possible) make the staging folder the whole new site.
            for path in entries.keys where !staged.contains(path) {
                let target = DisplayPaths.join(staging, path)
                try StagedFile.makeParentFolder(of: target)
                if link(DisplayPaths.join(folder.path, path), target) != 0 {
                    try FileManager.default.copyItem(atPath: DisplayPaths.join(folder.path, path), toPath: target)
                }
            }
        } catch {
            throw OutputFolder.Failure(message: "cannot assemble the new site: \(error.systemReason)")
        }
        do {
            try AtomicPublish.replace(folder.path, with: staging)
        } catch {
            throw OutputFolder.Failure(message: error.message)
        }
    }

    /// The access manifest the output holds now.
    var liveManifestPath: String { DisplayPaths.join(folder.path, AccessManifest.relativePath) }

    /// Puts `data` in place of the output's access manifest in one rename, before the rest is published.
    func replaceLiveManifest(with data: Data) throws(OutputFolder.Failure) {
        let staged = liveManifestPath + ".sitegen-interim"
        guard FileManager.default.createFile(atPath: staged, contents: data) else {
            throw OutputFolder.Failure(message: "cannot write \(AccessManifest.relativePath) before the pages change")
        }
        guard rename(staged, liveManifestPath) == 0 else {
            let failure = Self.failure("cannot replace \(AccessManifest.relativePath) before the pages change")
            unlink(staged)
            throw failure
        }
    }

    private static func failure(_ what: String) -> OutputFolder.Failure {
        OutputFolder.Failure(message: "\(what): \(String(cString: strerror(errno)))")
    }
}

/// The files a build's output has with entries other than the last build's, and the last build's files it
/// no longer has.
struct OutputChanges: Sendable, Equatable {
    var files: [String: BuildRecord.Entry]
    var removed: [String]
}
