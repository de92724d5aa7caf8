import Foundation

/// Reads a whole file into a byte array, without the `Data` and the copy that
/// `FileManager.contents(atPath:)` and `Array(data)` make: the build cache reads megabytes this way at
/// the start of every build. Reads as many bytes as the file had when opened.
enum FileBytes {
    /// The file's bytes; nil when it cannot be opened or read.
    static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        guard info.st_size > 0 else { return [] }
        // Read into uninitialised memory: zeroing the page store's megabytes first is wasted work.
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: Int(info.st_size)) { buffer, count in
            var filled = 0
            while filled < buffer.count {
                let read = Foundation.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
                if read < 0 && errno == EINTR { continue }
                guard read > 0 else {
                    failed = read < 0
                    break
                }
                filled += read
            }
            count = filled
        }
        return failed ? nil : bytes
    }
}
