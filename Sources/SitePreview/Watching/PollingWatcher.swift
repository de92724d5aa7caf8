import Foundation

/// Watches folders by listing them every half second, and single files by looking them up, comparing each file's
/// size and modification time with the last look: slower to notice than inotify and busier, but it works
/// everywhere.
final class PollingWatcher: FileWatcher, @unchecked Sendable {
    private let roots: [String]
    private let files: [String]
    private let interval: Double
    private let lock = NSLock()
    private var last: [String: [Int]]

    init(folders: [String], files: [String] = [], interval: Double = 0.5) {
        roots = folders
        self.files = files
        self.interval = interval
        last = Self.listing(of: folders, files: files)
    }

    func changes(waitingAtMost timeout: Double) -> [String] {
        let deadline = Date(timeIntervalSinceNow: timeout)
        repeat {
            Thread.sleep(forTimeInterval: min(interval, max(0, deadline.timeIntervalSinceNow)))
            let now = Self.listing(of: roots, files: files)
            let changed = lock.withLock {
                let changed = Set(now.keys).union(last.keys).filter { now[$0] != last[$0] }.sorted()
                last = now
                return changed
            }
            if !changed.isEmpty { return changed }
        } while deadline.timeIntervalSinceNow > 0
        return []
    }

    /// Every file below the folders, hidden ones left out, and each of `single` that is there, with its size and
    /// modification time.
    private static func listing(of folders: [String], files single: [String]) -> [String: [Int]] {
        var files: [String: [Int]] = [:]
        for folder in folders { walk(folder, into: &files) }
        for file in single {
            var info = stat()
            if stat(file, &info) == 0 { files[file] = stamp(info) }
        }
        return files
    }

    private static func stamp(_ info: stat) -> [Int] {
        [Int(info.st_size), Int(info.st_mtim.tv_sec), info.st_mtim.tv_nsec]
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
                files[path] = stamp(info)
            }
        }
    }
}
