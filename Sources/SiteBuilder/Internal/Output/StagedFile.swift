import Foundation

/// Writes one file into the staging folder with plain system calls: one `open`, `write`, `fstat` and
/// `close`, and a `mkdir` only when its folder is new. Foundation's writers add a temporary file and
/// a rename per file, which the staging folder, published as a whole, makes unnecessary.
enum StagedFile {
    struct Failure: LocalizedError {
        let errorDescription: String?
    }

    /// Writes `bytes` to `path`, creating missing folders, and returns the new file's stamp.
    static func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws -> FileStamp {
        var descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        if descriptor < 0 && errno == ENOENT {
            try makeParentFolder(of: path)
            descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        }
        guard descriptor >= 0 else { throw failure("cannot create the file") }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                // A full disk leaves no half-written file behind.
                let failure = failure("cannot write the file")
                unlink(path)
                throw failure
            }
            offset += written
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure("cannot read back the file") }
        return FileStamp(info)
    }

    /// Creates the folder holding `path` and any missing folders above it.
    static func makeParentFolder(of path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        guard !folder.isEmpty, mkdir(folder, 0o777) != 0, errno != EEXIST else { return }
        guard errno == ENOENT else { throw failure("cannot create the folder \(folder)") }
        try makeParentFolder(of: folder)
        guard mkdir(folder, 0o777) == 0 || errno == EEXIST else { throw failure("cannot create the folder \(folder)") }
    }

    private static func failure(_ what: String) -> Failure {
        Failure(errorDescription: "\(what): \(String(cString: strerror(errno)))")
    }
}
