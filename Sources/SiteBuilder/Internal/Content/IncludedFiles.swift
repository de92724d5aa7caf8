import Foundation

/// The files pages include (`IncludeDirective`), read once per build, whoever includes them: each with its text
/// and the stamp and digest the build record keeps, so that the next build tells when an included file changed
/// (a page's summary lists what it included, `MarkdownSummary.includes`). Only files in the project folder, the
/// folder that holds the site folder (where `book.toml` and `mkdocs.yml` are), can be included: once symbolic
/// links are followed, a path that leads anywhere else is refused, and so is one into what builds write (the output
/// folder and the build cache beside it), where every page's text lies whatever its rule.
final class IncludedFiles: @unchecked Sendable {
    /// The folder holding the site folder, as the user would name it (`DisplayPaths.parent(of:)`).
    let projectFolder: String
    /// Where a snippet's path is looked for, in order: the folders of the `base_path` `mkdocs.yml` sets, relative to
    /// the project folder; else the project folder (where MkDocs runs, its default `base_path`), then the site folder.
    let snippetFolders: [String]
    /// The snippet folders that are files (`base_path: [docs, ../CHANGELOG.md]`).
    private let snippetFiles: Set<String>
    /// The snippets `auto_append` in `mkdocs.yml` puts at the end of every page.
    let appended: [MkDocsConfig.Appended]
    /// The snippets are looked for elsewhere than in the last build, so a snippet's path may name another file.
    private let snippetFoldersMoved: Bool
    /// Pages end with other snippets than in the last build, so no page's summary holds.
    private let appendedChanged: Bool
    private let previous: BuildRecord?
    private let realProjectFolder: String
    /// The real paths of the output folder and the build cache, and how a message names each.
    private let buildFolders: [(real: String, name: String)]
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

    /// `outputFolder` is where the build writes.
    init(
        siteFolder: String, outputFolder: String? = nil, snippets: MkDocsConfig.Snippets = .init(),
        previous: BuildRecord?
    ) {
        let projectFolder = DisplayPaths.parent(of: siteFolder)
        self.projectFolder = projectFolder
        let snippetFolders =
            snippets.basePaths?.map { DisplayPaths.normalised(DisplayPaths.path($0, from: projectFolder)) }
            ?? [projectFolder, siteFolder]
        self.snippetFolders = snippetFolders
        snippetFiles = Set(snippetFolders.filter { FileStamp.of($0) != nil })
        appended = snippets.appended
        snippetFoldersMoved = previous.map { $0.snippetFolders != snippetFolders } ?? false
        appendedChanged = previous.map { $0.appendedSnippets != snippets.appended.map(\.path) } ?? false
        self.previous = previous
        realProjectFolder = DisplayPaths.canonical(projectFolder)
        buildFolders = outputFolder.map(BuildFolders.named(outputFolder:)) ?? []
    }

    /// What a summary lists (`MarkdownSummary.includes`) for a path looked at before the file included, where
    /// there was none: a file put there later is the one a clean build would include.
    static let absent = ""

    /// The file `written` names from the first of `folders` where it exists, and the paths looked at before it.
    func file(_ written: String, from folders: [String]) -> (found: Result<File, IncludeProblem>, passedBy: [String]) {
        guard !written.hasPrefix("/"), !written.contains("://") else {
            let problem = "'\(written)' is not a path relative to the page; write one, as '../listings/a.rs'"
            return (.failure(.init(problem)), [])
        }
        // A base path that is a file is the snippet its file name names, as pymdownx's snippets take it.
        let paths = folders.map { folder in
            snippetFiles.contains(folder) && written == SitePath.lastComponent(of: folder)
                ? folder : DisplayPaths.normalised(DisplayPaths.join(folder, written))
        }
        let index = paths.firstIndex(where: Self.exists) ?? 0
        let path = paths[index]
        let found = lock.withLock {
            if let known = files[path] { return known }
            let read = read(path)
            files[path] = read
            if case .success(let file) = read { records[path] = file.record }
            return read
        }
        return (found, Array(paths[..<index]))
    }

    private static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path.isEmpty ? "." : path)
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

    /// Every file in `included` (path to digest, as a summary lists them) still holds what it held, every path
    /// passed by (`absent`) still has no file, snippets are looked for where they were, and pages end with the
    /// snippets they ended with.
    func unchanged(_ included: [String: String]) -> Bool {
        guard !appendedChanged, included.isEmpty || !snippetFoldersMoved else { return false }
        return included.allSatisfy { path, digest in
            digest == Self.absent ? !Self.exists(path) : record(of: path)?.digest == digest
        }
    }

    private func read(_ path: String) -> Result<File, IncludeProblem> {
        let real = DisplayPaths.canonical(path)
        guard DisplayPaths.relative(real, inside: realProjectFolder) != nil else {
            let folder = projectFolder.isEmpty ? "the current folder" : projectFolder
            return .failure(
                .init(
                    "\(path) is outside \(folder), the folder holding the site folder; only files in it can be included"
                ))
        }
        if let folder = buildFolders.first(where: { DisplayPaths.relative(real, inside: $0.real) != nil }) {
            return .failure(
                .init(
                    "\(path) is in \(folder.name), which builds write, where every page's text lies whatever its "
                        + "rule; include a file of the site or the project instead"))
        }
        guard let stamp = FileStamp.of(path), let data = FileManager.default.contents(atPath: path) else {
            return .failure(.init("there is no file \(path)"))
        }
        var lines = PageText.decode(data).split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return .success(File(path: path, lines: lines, record: InputRecord(stamp: stamp, digest: SHA256.hex(data))))
    }
}
