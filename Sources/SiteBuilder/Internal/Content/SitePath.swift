/// Slash-separated paths relative to the site folder, e.g. `guide/setup.md`. The slash is looked for
/// among the UTF-8 bytes rather than the characters: every build splits every page's path.
enum SitePath {
    static func parent(of path: String) -> String {
        guard let slash = lastSlash(in: path) else { return "" }
        return String(path[..<slash])
    }

    static func lastComponent(of path: String) -> String {
        guard let slash = lastSlash(in: path) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    /// The index of the last `/` in `path`, found in its bytes in place: asked of every file of a site, several
    /// times, where the generic `lastIndex(of:)` of a UTF-8 view costs a call per byte.
    private static func lastSlash(in path: String) -> String.Index? {
        var path = path
        let offset = path.withUTF8 { bytes in bytes.lastIndex(of: UInt8(ascii: "/")) }
        return offset.map { path.utf8.index(path.utf8.startIndex, offsetBy: $0) }
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : folder + "/" + name
    }

    /// Resolves `.` and `..` in `relative` against `folder`; nil when it climbs above the site root.
    static func resolve(_ relative: String, from folder: String) -> String? {
        var parts = relative.hasPrefix("/") ? [] : folder.split(separator: "/")
        for part in relative.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }
}
