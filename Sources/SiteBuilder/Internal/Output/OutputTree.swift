import Foundation

/// Lists the files in an output folder, hidden ones included, as paths relative to it with their
/// stamps. Reads directories directly, and the top-level folders on all cores: this runs on every
/// build, over every file.
enum OutputTree {
    static func files(in folder: String) -> [String: FileStamp] {
        var files: [String: FileStamp] = [:]
        var folders: [String]? = []
        walk(folder, prefix: "", into: &files, folders: &folders)
        let below = concurrentMap(folders ?? []) { name in
            var files: [String: FileStamp] = [:]
            var nested: [String]?
            walk(folder + "/" + name, prefix: name + "/", into: &files, folders: &nested)
            return files
        }
        for part in below { files.merge(part) { first, _ in first } }
        return files
    }

    /// Lists `folder` into `files`; folders are walked in turn, or, when `folders` is given, only listed there.
    private static func walk(
        _ folder: String, prefix: String, into files: inout [String: FileStamp], folders: inout [String]?
    ) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        while let entry = readdir(directory) {
            let name = entry.pointee.name
            if name == "." || name == ".." { continue }
            var info = stat()
            guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            let relative = prefix + name
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                if folders != nil {
                    folders?.append(relative)
                } else {
                    walk(folder + "/" + name, prefix: relative + "/", into: &files, folders: &folders)
                }
            case S_IFREG: files[relative] = FileStamp(info)
            default: continue
            }
        }
    }
}
