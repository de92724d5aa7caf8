import Foundation

/// A file's size and modification time in nanoseconds, which change whenever the file is written:
/// how a build tells, without reading a file, that it is as it was (as `make` and `git status` do).
struct FileStamp: Hashable, Sendable {
    var size: Int
    var modified: Int

    /// The stamp of the file at `path`, symbolic links followed; nil when there is no such regular file.
    static func of(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileStamp(info)
    }

    init(size: Int, modified: Int) {
        self.size = size
        self.modified = modified
    }

    init(_ info: stat) {
        self.init(size: Int(info.st_size), modified: Int(info.st_mtim.tv_sec) * 1_000_000_000 + info.st_mtim.tv_nsec)
    }
}
