/// Tells when files below some folders change, so the preview rebuilds.
public protocol FileWatcher: AnyObject, Sendable {
    /// Waits up to `timeout` seconds for changes and returns the paths that changed; empty when none did.
    func changes(waitingAtMost timeout: Double) -> [String]
}

/// Picks how to watch: inotify, which the kernel tells at once and which costs nothing while nothing
/// changes; or polling, for file systems that send no events (network shares, some container mounts),
/// when asked for or when inotify cannot watch every folder.
public enum FileWatchers {
    /// A watcher of `folders` and everything below them (hidden files and folders left out), and of the single
    /// `files`, there yet or not, and a note to show the user when inotify was wanted but could not be used.
    public static func watching(_ folders: [String], files: [String] = [], polling: Bool) -> (
        watcher: any FileWatcher, note: String?
    ) {
        guard !polling else { return (PollingWatcher(folders: folders, files: files), nil) }
        do {
            return (try InotifyWatcher(folders: folders, files: files), nil)
        } catch {
            return (
                PollingWatcher(folders: folders, files: files),
                "\(error); checking for changes every half second instead"
            )
        }
    }
}
