import Foundation

/// Lists the files in an output folder, hidden ones included, as paths relative to it with their
/// stamps; symbolic links are left out. Reads directories directly (see `OpenDirectory`), and the
/// top-level folders on all cores: this runs on every build, over every file.
enum OutputTree {
    static func files(in folder: String) -> [String: FileStamp] {
        guard let root = OpenDirectory(path: folder) else { return [:] }
        var top: [(String, FileStamp)] = []
        var folders: [String]? = []
        walk(root, prefix: "", into: &top, folders: &folders)
        let below = concurrentMap(folders ?? []) { name in
            var files: [(String, FileStamp)] = []
            var nested: [String]?
            if let directory = OpenDirectory(path: folder + "/" + name) {
                walk(directory, prefix: name + "/", into: &files, folders: &nested)
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

    /// Lists `directory` into `files`; its folders are walked in turn, or, when `folders` is given, only
    /// listed there.
    private static func walk(
        _ directory: borrowing OpenDirectory, prefix: String, into files: inout [(String, FileStamp)],
        folders: inout [String]?
    ) {
        var subfolders: [String] = []
        _ = directory.forEachEntry { name, kind in
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
            } else if let subfolder = OpenDirectory(name, in: directory, followingLinks: false) {
                walk(subfolder, prefix: prefix + name + "/", into: &files, folders: &folders)
            }
        }
    }
}
