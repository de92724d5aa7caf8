import CLinux
import Foundation

/// A directory opened for a walk that runs on every build over every file: its entries are read with
/// `getdents64`, whose records carry each entry's type, so a walk stats only the entries it must (not the
/// folders, nor the directory itself, as `opendir` does), and a subdirectory is opened relative to its
/// parent, so the kernel does not resolve its whole path again.
struct OpenDirectory: ~Copyable {
    /// What an entry's record says it is (`.other` for a symbolic link too); `.unknown` on file systems that
    /// do not say, so the caller stats it.
    enum Kind {
        case folder, file, other, unknown
    }

    /// Why a directory could not be opened or read to its end: the system's error number.
    struct Failure: Error {
        let code: Int32

        /// The system's words for it (`Permission denied`).
        var reason: String { String(cString: strerror(code)) }
    }

    private let descriptor: Int32

    /// Opens the directory at `path`, symbolic links followed.
    init(path: String) throws(Failure) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(code: errno) }
        self.descriptor = descriptor
    }

    /// Opens the directory `name` in `parent`; a symbolic link is followed only when `followingLinks`.
    init(_ name: String, in parent: borrowing OpenDirectory, followingLinks: Bool) throws(Failure) {
        let descriptor = openat(
            parent.descriptor, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else { throw Failure(code: errno) }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Calls `body` with the name and kind of every entry but `.` and `..`; throws when the directory could
    /// not be read to its end.
    func forEachEntry(_ body: (String, Kind) -> Void) throws(Failure) {
        let code = withUnsafeTemporaryAllocation(byteCount: 32 << 10, alignment: 8) { buffer -> Int32? in
            while true {
                let count = sitegen_getdents64(descriptor, buffer.baseAddress, UInt(buffer.count))
                guard count > 0 else { return count == 0 ? nil : errno }
                var offset = 0
                // struct linux_dirent64: d_ino (8 bytes), d_off (8), d_reclen (2), d_type (1), d_name.
                while offset < count {
                    let record = buffer.baseAddress! + offset
                    let length = Int(record.loadUnaligned(fromByteOffset: 16, as: UInt16.self))
                    let type = record.load(fromByteOffset: 18, as: UInt8.self)
                    let name = (record + 19).assumingMemoryBound(to: CChar.self)
                    offset += length
                    if name[0] == 0x2E, name[1] == 0 || (name[1] == 0x2E && name[2] == 0) { continue }
                    body(String(cString: name), Self.kind(of: type))
                }
            }
        }
        if let code { throw Failure(code: code) }
    }

    /// What the entry `name` (a path relative to this directory, `.` for itself) is, its stamp, and when its
    /// status last changed (`st_ctime`, in nanoseconds since 1970); a symbolic link's target's when
    /// `followingLinks`; nil when it has gone.
    func status(of name: String, followingLinks: Bool) -> (kind: Kind, stamp: FileStamp, changed: Int)? {
        var info = stat()
        guard fstatat(descriptor, name, &info, followingLinks ? 0 : AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        let kind: Kind =
            switch info.st_mode & S_IFMT {
            case S_IFDIR: .folder
            case S_IFREG: .file
            default: .other
            }
        return (kind, FileStamp(info), Int(info.st_ctim.tv_sec) * 1_000_000_000 + info.st_ctim.tv_nsec)
    }

    private static func kind(of type: UInt8) -> Kind {
        switch Int32(type) {
        case Int32(DT_DIR): .folder
        case Int32(DT_REG): .file
        case Int32(DT_UNKNOWN): .unknown
        default: .other
        }
    }
}
