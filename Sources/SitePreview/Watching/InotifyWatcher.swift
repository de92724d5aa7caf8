import CLinux
import Foundation

/// Watches folders with Linux inotify: one watch per folder (inotify does not recurse), new folders
/// watched as they appear. A single file is watched through its folder, and a folder that does not exist yet
/// through the nearest one above it that does, for the name on the way to it: that folder's other entries are
/// left out, so that a log written beside the site folder is no change to it.
final class InotifyWatcher: FileWatcher, @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let descriptor: Int32
    private let roots: [String]
    private let lock = NSLock()
    /// Each watch's folder.
    private var folders: [Int32: String] = [:]
    private var watchedRoots: Set<String> = []
    /// The folder of each watch made for single names alone, single files or the way to a folder not there yet,
    /// and those names in it.
    private var nameFolders: [Int32: (folder: String, names: Set<String>)] = [:]

    private static let folderEvents = UInt32(
        IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_DELETE_SELF
            | IN_MOVE_SELF | IN_ONLYDIR)

    init(folders roots: [String], files: [String] = []) throws(Failure) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw Failure(description: "inotify is not available: \(Self.lastError)") }
        self.roots = roots.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        try watchRoots()
        for file in files.map({ URL(fileURLWithPath: $0).standardizedFileURL.path }) {
            // A file whose folder is not there is not watched: nothing can be written into it.
            try? watch((file as NSString).deletingLastPathComponent, forName: (file as NSString).lastPathComponent)
        }
    }

    deinit {
        close(descriptor)
    }

    func changes(waitingAtMost timeout: Double) -> [String] {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, Int32(timeout * 1000)) > 0 else { return [] }
        var changed: [String] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self) }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let name = String(
                    decoding: buffer[nameStart..<nameStart + Int(event.len)].prefix { $0 != 0 }, as: UTF8.self)
                offset = nameStart + Int(event.len)
                if let paths = handle(event, name: name) { changed += paths }
            }
        }
        try? watchRoots()
        return changed
    }

    /// The path an event is about, watching it when it is a new folder; nil for events to leave out. When the
    /// kernel's queue overflowed and events were lost, the watched folders themselves: anything below may have
    /// changed.
    private func handle(_ event: inotify_event, name: String) -> [String]? {
        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { return roots }
        return handleOne(event, name: name).map { [$0] }
    }

    private func handleOne(_ event: inotify_event, name: String) -> String? {
        if let watched = lock.withLock({ nameFolders[event.wd] }) {
            if event.mask & UInt32(IN_IGNORED) != 0 { lock.withLock { nameFolders[event.wd] = nil } }
            return watched.names.contains(name) ? watched.folder + "/" + name : nil
        }
        guard let folder = lock.withLock({ folders[event.wd] }) else { return nil }
        if event.mask & UInt32(IN_IGNORED) != 0 {
            lock.withLock {
                folders[event.wd] = nil
                watchedRoots.remove(folder)
            }
            return nil
        }
        guard !name.hasPrefix(".") else { return nil }
        let path = name.isEmpty ? folder : folder + "/" + name
        if event.mask & UInt32(IN_ISDIR) != 0, event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0,
            roots.contains(where: { path == $0 || path.hasPrefix($0 + "/") })
        {
            try? watchTree(path)
        }
        return path
    }

    /// Watches each root not watched yet, or the way to it from the nearest folder above it while it does not exist.
    private func watchRoots() throws(Failure) {
        for root in roots where !lock.withLock({ watchedRoots.contains(root) }) {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue {
                try watchTree(root)
                lock.withLock { _ = watchedRoots.insert(root) }
                continue
            }
            var missing = root
            var parent = (root as NSString).deletingLastPathComponent
            while !parent.isEmpty, parent != "/", !FileManager.default.fileExists(atPath: parent) {
                missing = parent
                parent = (parent as NSString).deletingLastPathComponent
            }
            try watch(parent, forName: (missing as NSString).lastPathComponent)
        }
    }

    /// Watches `folder` and every folder below it that is not hidden.
    private func watchTree(_ folder: String) throws(Failure) {
        try watch(folder)
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix("."), Int32(entry.pointee.d_type) == Int32(DT_DIR) else { continue }
            try watchTree(folder + "/" + name)
        }
    }

    private func watch(_ folder: String) throws(Failure) {
        let watch = inotify_add_watch(descriptor, folder, Self.folderEvents)
        guard watch >= 0 else {
            let hint = errno == ENOSPC ? " (raise fs.inotify.max_user_watches)" : ""
            throw Failure(description: "inotify cannot watch \(folder): \(Self.lastError)\(hint)")
        }
        lock.withLock {
            folders[watch] = folder
            nameFolders[watch] = nil
        }
    }

    /// Watches `folder` for the entry `name` alone, unless the folder is watched whole already.
    private func watch(_ folder: String, forName name: String) throws(Failure) {
        let watch = inotify_add_watch(descriptor, folder, Self.folderEvents)
        guard watch >= 0 else { throw Failure(description: "inotify cannot watch \(folder): \(Self.lastError)") }
        lock.withLock {
            guard folders[watch] == nil else { return }
            nameFolders[watch, default: (folder, [])].names.insert(name)
        }
    }

    private static var lastError: String {
        String(cString: strerror(errno))
    }
}
