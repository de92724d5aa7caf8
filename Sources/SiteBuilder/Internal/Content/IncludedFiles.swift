import Foundation

/// The files pages include (`IncludeDirective`), read once per build, whoever includes them: each with its text
/// and the stamp and digest the build record keeps, so that the next build tells when an included file changed
/// (a page's summary lists what it included, `MarkdownSummary.includes`). Only files in the project folder, the
/// folder that holds the site folder (where `book.toml` and `mkdocs.yml` are), can be included: once symbolic
/// links are followed, a path that leads anywhere else is refused.
final class IncludedFiles: @unchecked Sendable {
    /// The folder holding the site folder, as the user would name it (`DisplayPaths.parent(of:)`).
    let projectFolder: String
    /// Where a snippet's path is looked for, in order: the project folder (where MkDocs runs, its default
    /// `base_path`), then the site folder.
    let snippetFolders: [String]
    private let previous: BuildRecord?
    private let realProjectFolder: String
    private let lock = NSLock()
    private var files: [String: Result<File, IncludeProblem>] = [:]
    private var records: [String: InputRecord?] = [:]

    /// An included file, by its path as the user would name it, lexically normalised (`docs/../listings/a.rs`
    /// is `listings/a.rs`).
    struct File {
        let path: String
        let lines: [Substring]
        let record: InputRecord
    }

    init(siteFolder: String, previous: BuildRecord?) {
        projectFolder = DisplayPaths.parent(of: siteFolder)
        snippetFolders = [projectFolder, siteFolder]
        self.previous = previous
        realProjectFolder = DisplayPaths.canonical(projectFolder)
    }

    /// The file `written` names from the first of `folders` where it exists.
    func file(_ written: String, from folders: [String]) -> Result<File, IncludeProblem> {
        guard !written.hasPrefix("/"), !written.contains("://") else {
            return .failure(.init("'\(written)' is not a path relative to the page; write one, as '../listings/a.rs'"))
        }
        let paths = folders.map { Self.normalised(DisplayPaths.join($0, written)) }
        let path = paths.first { FileManager.default.fileExists(atPath: $0.isEmpty ? "." : $0) } ?? paths[0]
        return lock.withLock {
            if let known = files[path] { return known }
            let read = read(path)
            files[path] = read
            if case .success(let file) = read { records[path] = file.record }
            return read
        }
    }

    /// The stamp and digest of the file at `path` as it is now; nil when it cannot be read. A file whose stamp
    /// is as the last build recorded is not read again.
    func record(of path: String) -> InputRecord? {
        lock.withLock {
            if let known = records[path] { return known }
            let record = InputRecord.current(of: path, previous: previous)
            records[path] = record
            return record
        }
    }

    /// Every file in `included` (path to digest, as a summary lists them) still holds what it held.
    func unchanged(_ included: [String: String]) -> Bool {
        included.allSatisfy { record(of: $0.key)?.digest == $0.value }
    }

    private func read(_ path: String) -> Result<File, IncludeProblem> {
        let real = DisplayPaths.canonical(path)
        guard real.hasPrefix(realProjectFolder == "/" ? "/" : realProjectFolder + "/") else {
            let folder = projectFolder.isEmpty ? "the current folder" : projectFolder
            return .failure(
                .init(
                    "\(path) is outside \(folder), the folder holding the site folder; only files in it can be included"
                ))
        }
        guard let stamp = FileStamp.of(path), let data = FileManager.default.contents(atPath: path) else {
            return .failure(.init("there is no file \(path)"))
        }
        var lines = PageText.decode(data).split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return .success(File(path: path, lines: lines, record: InputRecord(stamp: stamp, digest: SHA256.hex(data))))
    }

    /// `path` with `.` and `folder/..` taken out; `..` that leads above the path's start stays.
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
}
