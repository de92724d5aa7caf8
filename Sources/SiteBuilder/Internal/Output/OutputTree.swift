import Foundation

/// Lists the files in an output folder, hidden ones included, as paths relative to it with their
/// size and modification time. Reads directories directly: this runs on every build, over every file.
enum OutputTree {
    /// A file's size and modification time in nanoseconds, which change whenever the file is written.
    struct Stamp: Hashable, Sendable {
        var size: Int
        var modified: Int
    }

    static func files(in folder: String) -> [String: Stamp] {
        var files: [String: Stamp] = [:]
        walk(folder, prefix: "", into: &files)
        return files
    }

    /// The stamp of the file at `path`; nil when there is no such file.
    static func stamp(of path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Stamp(info)
    }

    private static func walk(_ folder: String, prefix: String, into files: inout [String: Stamp]) {
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
            case S_IFREG: files[relative] = Stamp(info)
            default: continue
            }
        }
    }
}

extension OutputTree {
    static func nanoseconds(_ time: timespec) -> Int {
        Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec)
    }
}

extension OutputTree.Stamp {
    fileprivate init(_ info: stat) {
        self.init(size: Int(info.st_size), modified: OutputTree.nanoseconds(info.st_mtim))
    }
}
