import Foundation

/// Slash-separated paths relative to the site folder, e.g. `guide/setup.md`. The slash is looked for
/// among the UTF-8 bytes rather than the characters: every build splits every page's path.
enum SitePath {
    static func parent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }

    static func lastComponent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
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

    /// A URL path with each segment percent-encoded where needed, e.g. spaces as `%20`. Paths of letters,
    /// digits, `-`, `_`, `.` and `/` need none and are returned at once: every page's URL is made here.
    static func urlEncoded(_ path: String) -> String {
        let plain = path.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                UInt8(ascii: "/"):
                true
            default: false
            }
        }
        return plain ? path : path.addingPercentEncoding(withAllowedCharacters: urlAllowed) ?? path
    }

    private static let urlAllowed: CharacterSet = {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#;")
        return allowed
    }()
}
