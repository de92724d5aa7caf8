/// What may have changed in the site folder since a `BuildSession` last listed it, as a watch reports it: paths
/// relative to the site folder. The folder holding a changed path is listed again, and everything at or below the
/// path itself (a folder moved in, or a watch that lost events and names the site folder, `""`, is read whole); a
/// file of a folder listed again that no change names keeps the stamp the last listing gave it, as a watch names
/// every file written. Without a report (`nil`), anything may have changed.
struct ChangedPaths: Sendable {
    /// The changed paths; nil when anything may have changed.
    private let paths: Set<String>?
    /// The folders holding a changed path.
    private let folders: Set<String>
    /// The top-level names at the start of a changed path.
    private let tops: Set<String>

    init(_ paths: Set<String>?) {
        self.paths = paths
        folders = Set((paths ?? []).map(SitePath.parent(of:)))
        tops = Set((paths ?? []).map { String($0.prefix { $0 != "/" }) })
    }

    /// Whether the entries of `folder` may differ from the last listing: it holds a changed path, or it or a folder
    /// above it changed.
    func mayHaveChanged(folder: String) -> Bool {
        guard let paths else { return true }
        if folders.contains(folder) || paths.contains("") { return true }
        var current = folder
        while !current.isEmpty {
            if paths.contains(current) { return true }
            current = SitePath.parent(of: current)
        }
        return false
    }

    /// Whether anything in the top-level folder `name` may have changed.
    func touch(top name: String) -> Bool {
        guard paths != nil else { return true }
        return tops.contains(name) || paths?.contains("") == true
    }

    /// The names of the entries of `folder` a change names, when no change names the folder, one above it or the
    /// site folder; nil when anything in it may have changed.
    func changedNames(in folder: String) -> Set<String>? {
        guard let paths, !paths.contains("") else { return nil }
        var current = folder
        while !current.isEmpty {
            if paths.contains(current) { return nil }
            current = SitePath.parent(of: current)
        }
        return Set(paths.lazy.filter { SitePath.parent(of: $0) == folder }.map(SitePath.lastComponent(of:)))
    }
}
