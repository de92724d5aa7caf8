import Foundation

/// Slash-separated paths relative to the site folder, e.g. `guide/setup.md`. The slash is looked for
/// among the UTF-8 bytes rather than the characters: every build splits every page's path.
enum SitePath {
    static func parent(of path: String) -> String {
        guard let slash = lastSlash(in: path) else { return "" }
        return String(path[..<slash])
    }

    /// Whether `folder` is the parent of `path` (`""` of a file at the top), compared in bytes: a listing is
    /// sorted, so most files have the folder of the file before them, which is then taken again, not made anew.
    static func isParent(_ folder: String, of path: String) -> Bool {
        var (folder, path) = (folder, path)
        return folder.withUTF8 { folder in
            path.withUTF8 { path in
                let slash = UInt8(ascii: "/")
                guard !folder.isEmpty else { return !path.contains(slash) }
                return path.count > folder.count + 1 && path[folder.count] == slash
                    && memcmp(folder.baseAddress!, path.baseAddress!, folder.count) == 0
                    && !path[(folder.count + 1)...].contains(slash)
            }
        }
    }

    static func lastComponent(of path: String) -> String {
        guard let slash = lastSlash(in: path) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    /// The file name of `path` without its extension, if it has one: `guide/install.md` → `install`.
    static func name(of path: String) -> Substring {
        let file = lastComponent(of: path)
        return file.lastIndex(of: ".").map { file[..<$0] } ?? Substring(file)
    }

    /// The index of the last `/` in `path`, found in its bytes in place: asked of every file of a site, several
    /// times, where the generic `lastIndex(of:)` of a UTF-8 view costs a call per byte.
    static func lastSlash(in path: String) -> String.Index? {
        var path = path
        let offset = path.withUTF8 { bytes in bytes.lastIndex(of: UInt8(ascii: "/")) }
        return offset.map { path.utf8.index(path.utf8.startIndex, offsetBy: $0) }
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : folder + "/" + name
    }

    /// Resolves `.` and `..` in `relative` against `folder`; nil when it climbs above the site root. Works on
    /// bytes: every link of every page is resolved again when the site's pages change, and splitting by
    /// Character made that most of a rebuild after adding a page to a large site.
    static func resolve(_ relative: String, from folder: String) -> String? {
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        let relativeBytes = Array(relative.utf8)
        let folderBytes = relativeBytes.first == slash ? [] : Array(folder.utf8)
        var parts = folderBytes.split(separator: slash)
        for part in relativeBytes.split(separator: slash) {
            if part.count == 1, part.first == dot { continue }
            if part.count == 2, part.first == dot, part.last == dot {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        var joined: [UInt8] = []
        joined.reserveCapacity(folderBytes.count + relativeBytes.count)
        for part in parts {
            if !joined.isEmpty { joined.append(slash) }
            joined += part
        }
        return String(decoding: joined, as: UTF8.self)
    }
}
