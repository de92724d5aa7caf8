import Foundation

/// Watches folders by listing them every half second and comparing each file's size and modification
/// time with the last listing: slower to notice than inotify and busier, but it works everywhere.
final class PollingWatcher: FileWatcher, @unchecked Sendable {
    private let roots: [String]
    private let interval: Double
    private let lock = NSLock()
    private var last: [String: [Int]]

    init(folders: [String], interval: Double = 0.5) {
        roots = folders
        self.interval = interval
        last = Self.listing(of: folders)
    }

    func changes(waitingAtMost timeout: Double) -> [String] {
        let deadline = Date(timeIntervalSinceNow: timeout)
        repeat {
            Thread.sleep(forTimeInterval: min(interval, max(0, deadline.timeIntervalSinceNow)))
            let now = Self.listing(of: roots)
            let changed = lock.withLock {
                let changed = Set(now.keys).union(last.keys).filter { now[$0] != last[$0] }.sorted()
                last = now
                return changed
            }
            if !changed.isEmpty { return changed }
        } while deadline.timeIntervalSinceNow > 0
        return []
    }

    /// Every file below the folders, hidden ones left out, with its size and modification time.
    private static func listing(of folders: [String]) -> [String: [Int]] {
        var files: [String: [Int]] = [:]
        for folder in folders { walk(folder, into: &files) }
        return files
    }

    private static func walk(_ folder: String, into files: inout [String: [Int]]) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            let path = folder + "/" + name
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                walk(path, into: &files)
            } else {
                files[path] = [Int(info.st_size), Int(info.st_mtim.tv_sec), info.st_mtim.tv_nsec]
            }
        }
    }
}
