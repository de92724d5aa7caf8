import Foundation

/// Turns paths inside the site and templates folders into paths as the user named them,
/// so errors read `site/guide/setup.md:4: …`.
struct DisplayPaths: Sendable {
    let siteFolder: String
    let templatesFolder: String

    func site(_ relativePath: String) -> String {
        Self.join(siteFolder, relativePath)
    }

    func templates(_ relativePath: String) -> String {
        Self.join(templatesFolder, relativePath)
    }

    /// The folder holding `folder`, as the user would name it: `docs` → `` (the current folder), `site/docs` →
    /// `site`, `/srv/docs/` → `/srv`, `.` → `..`.
    static func parent(of folder: String) -> String {
        var trimmed = Substring(folder)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        let last = trimmed.split(separator: "/").last ?? ""
        if trimmed.isEmpty || last == "." || last == ".." { return join(String(trimmed), "..") }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// Whether `written`, a folder named in a file in the folder `parent` (`docs`, `./src`, an absolute path), is
    /// `folder`: the same folder once `.`, `..` and symbolic links are resolved.
    static func isFolder(_ written: String, from parent: String, _ folder: String) -> Bool {
        canonical(path(written, from: parent)) == canonical(folder)
    }

    /// `written`, a path named in a file in the folder `parent`, as the user would name it: an absolute path as it
    /// is, any other relative to `parent`.
    static func path(_ written: String, from parent: String) -> String {
        written.hasPrefix("/") ? written : join(parent, written)
    }

    /// `path` with `.` and `folder/..` taken out, lexically (`docs/../listings/a.rs` is `listings/a.rs`); `..` that
    /// leads above the path's start stays.
    static func normalised(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : joined
    }

    /// `path` made absolute, with `.`, `..` and symbolic links resolved: the file or folder it leads to. An empty
    /// path is the current folder.
    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path.isEmpty ? "." : path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Where the canonical path `real` is inside the canonical folder `folder`, relative to it (`""` for the folder
    /// itself); nil when it is elsewhere.
    static func relative(_ real: String, inside folder: String) -> String? {
        if real == folder { return "" }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return real.hasPrefix(prefix) ? String(real.dropFirst(prefix.count)) : nil
    }

    static func join(_ folder: String, _ relativePath: String) -> String {
        if folder.isEmpty || folder == "." { return relativePath }
        if relativePath.isEmpty { return folder }
        // Copied as bytes into one buffer: a build joins the site folder to the path of every page, more than once,
        // and appending strings looks at the characters where they meet.
        var (folder, relativePath) = (folder, relativePath)
        let slash = folder.utf8.last == UInt8(ascii: "/") ? 0 : 1
        return folder.withUTF8 { folder in
            relativePath.withUTF8 { path in
                String(unsafeUninitializedCapacity: folder.count + slash + path.count) { buffer in
                    _ = buffer.initialize(fromContentsOf: folder)
                    if slash == 1 { buffer[folder.count] = UInt8(ascii: "/") }
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[(folder.count + slash)...])
                        .initialize(fromContentsOf: path)
                    return folder.count + slash + path.count
                }
            }
        }
    }
}
