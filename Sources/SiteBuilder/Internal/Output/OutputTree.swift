import Foundation

/// Lists the files in an output folder, hidden ones included, as paths relative to it with their
/// stamps. Reads directories directly: this runs on every build, over every file.
enum OutputTree {
    static func files(in folder: String) -> [String: FileStamp] {
        var files: [String: FileStamp] = [:]
        walk(folder, prefix: "", into: &files)
        return files
    }

    private static func walk(_ folder: String, prefix: String, into files: inout [String: FileStamp]) {
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
            case S_IFDIR: walk(folder + "/" + name, prefix: relative + "/", into: &files)
            case S_IFREG: files[relative] = FileStamp(info)
            default: continue
            }
        }
    }
}
