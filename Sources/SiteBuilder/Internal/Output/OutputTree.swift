import Foundation

/// Lists the files in an output folder, hidden ones included, as paths relative to it with their
/// stamps; symbolic links are left out. Reads directories directly (see `OpenDirectory`), and the
/// top-level folders on all cores: this runs on every build, over every file.
///
/// Given the last build's record, a folder it recorded whose status last changed before that build started
/// (less the racy window, as for input files: see `BuildRecord.trustedDigest`) is not read: it holds the
/// entries the record lists in it. Creating, removing or renaming an entry changes its folder's status-change
/// time (`st_ctime`), which, unlike a modification time, no one can set back by hand, and the last build
/// left every folder it did not change holding exactly what it recorded. Its files are still stamped one by
/// one, since writing into a file leaves its folder as it was. That is two system calls for a page's folder
/// instead of five.
enum OutputTree {
    static func files(in folder: String, since record: BuildRecord? = nil) -> [String: FileStamp] {
        guard let root = try? OpenDirectory(path: folder) else { return [:] }
        let known = record.map {
            RecordedFolders(files: $0.files.keys, unchangedBefore: $0.started - BuildRecord.racyWindow)
        }
        var top: [(String, FileStamp)] = []
        var folders: [String]? = []
        list("", in: root, path: "", known: known, into: &top, folders: &folders)
        let below = concurrentMap(folders ?? []) { name in
            var files: [(String, FileStamp)] = []
            var nested: [String]?
            if let directory = try? OpenDirectory(path: folder + "/" + name) {
                list("", in: directory, path: name, known: known, into: &files, folders: &nested)
            }
            return files
        }
        // Gathered in lists and hashed once, into a dictionary made big enough for all of them at once.
        var files: [String: FileStamp] = [:]
        files.reserveCapacity(below.reduce(top.count) { $0 + $1.count })
        for part in [top] + below {
            for (path, stamp) in part { files[path] = stamp }
        }
        return files
    }

    /// Lists the folder `relative` to `base` (`""`: `base` itself), which is the output's folder `path`, into
    /// `files`; its folders are listed in turn, or, when `folders` is given, only named there.
    private static func list(
        _ relative: String, in base: borrowing OpenDirectory, path: String, known: RecordedFolders?,
        into files: inout [(String, FileStamp)], folders: inout [String]?
    ) {
        if let known, let recorded = known.contents[path],
            let status = base.status(of: relative.isEmpty ? "." : relative, followingLinks: false),
            status.kind == .folder, status.changed < known.unchangedBefore
        {
            // A folder with folders of its own is opened, so that theirs are looked up from it; one holding
            // only files (a page's) is not.
            if recorded.folders.isEmpty || relative.isEmpty {
                if listRecorded(
                    recorded, at: relative, in: base, path: path, known: known, into: &files, folders: &folders)
                {
                    return
                }
            } else if let directory = try? OpenDirectory(relative, in: base, followingLinks: false) {
                if listRecorded(
                    recorded, at: "", in: directory, path: path, known: known, into: &files, folders: &folders)
                {
                    return
                }
            }
        }
        if relative.isEmpty {
            read(base, path: path, known: known, into: &files, folders: &folders)
        } else if let directory = try? OpenDirectory(relative, in: base, followingLinks: false) {
            read(directory, path: path, known: known, into: &files, folders: &folders)
        }
    }

    /// Lists what the record says the folder `relative` to `base` holds, stamping its files; false, having
    /// listed nothing, when one of them is not a regular file now, and the folder must be read.
    private static func listRecorded(
        _ recorded: RecordedFolders.Contents, at relative: String, in base: borrowing OpenDirectory, path: String,
        known: RecordedFolders, into files: inout [(String, FileStamp)], folders: inout [String]?
    ) -> Bool {
        let prefix = path.isEmpty ? "" : path + "/"
        guard let stamped = stamps(of: recorded.files, at: relative, in: base, prefix: prefix) else { return false }
        files += stamped
        for name in recorded.folders {
            if folders != nil {
                folders?.append(prefix + name)
            } else {
                list(
                    SitePath.join(relative, name), in: base, path: prefix + name, known: known, into: &files,
                    folders: &folders)
            }
        }
        return true
    }

    /// The stamps of the files `names` in the folder `relative` to `base`; nil when one is not a regular file
    /// now, and the folder must be read.
    private static func stamps(
        of names: [String], at relative: String, in base: borrowing OpenDirectory, prefix: String
    ) -> [(String, FileStamp)]? {
        var stamped: [(String, FileStamp)] = []
        stamped.reserveCapacity(names.count)
        for name in names {
            guard let status = base.status(of: SitePath.join(relative, name), followingLinks: false),
                status.kind == .file
            else { return nil }
            stamped.append((prefix + name, status.stamp))
        }
        return stamped
    }

    /// Reads `directory`, the output's folder `path`, into `files`, and lists its folders (see `list`).
    private static func read(
        _ directory: borrowing OpenDirectory, path: String, known: RecordedFolders?,
        into files: inout [(String, FileStamp)], folders: inout [String]?
    ) {
        let prefix = path.isEmpty ? "" : path + "/"
        var subfolders: [String] = []
        try? directory.forEachEntry { name, kind in
            switch kind {
            case .folder: subfolders.append(name)
            case .file, .unknown:
                guard let status = directory.status(of: name, followingLinks: false) else { return }
                switch status.kind {
                case .file: files.append((prefix + name, status.stamp))
                case .folder: subfolders.append(name)
                case .other, .unknown: return
                }
            case .other: return
            }
        }
        for name in subfolders {
            if folders != nil {
                folders?.append(prefix + name)
            } else {
                list(name, in: directory, path: prefix + name, known: known, into: &files, folders: &folders)
            }
        }
    }
}

/// The folders of the last build's output files, each with the names of the files and folders it holds, and
/// the time before which a folder whose status has not changed since still holds them.
private struct RecordedFolders: Sendable {
    struct Contents: Sendable {
        var files: [String] = []
        var folders: [String] = []
    }

    /// By path relative to the output folder; `""` is the output folder itself.
    let contents: [String: Contents]
    let unchangedBefore: Int

    init(files: some Sequence<String>, unchangedBefore: Int) {
        var contents: [String: Contents] = [:]
        for file in files {
            var folder = SitePath.parent(of: file)
            var isNew = contents[folder] == nil
            contents[folder, default: Contents()].files.append(SitePath.lastComponent(of: file))
            // A folder seen for the first time is named in its parent, and so on up to one seen before.
            while isNew, !folder.isEmpty {
                let parent = SitePath.parent(of: folder)
                isNew = contents[parent] == nil
                contents[parent, default: Contents()].folders.append(SitePath.lastComponent(of: folder))
                folder = parent
            }
        }
        self.contents = contents
        self.unchangedBefore = unchangedBefore
    }
}
