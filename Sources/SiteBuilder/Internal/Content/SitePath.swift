import Foundation

/// Slash-separated paths relative to the site folder, e.g. `guide/setup.md`.
enum SitePath {
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    static func lastComponent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
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

    /// A URL path with each segment percent-encoded where needed, e.g. spaces as `%20`.
    static func urlEncoded(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: urlAllowed) ?? path
    }

    private static let urlAllowed: CharacterSet = {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#;")
        return allowed
    }()
}
