import Foundation

/// The build cache, kept beside the output folder in `.sitegen-cache/` (git-ignorable; deleting it
/// only makes the next build a full one): `<output name>.txt`, the record of the last published
/// output (see `BuildRecord`), and `<output name>.pages`, what its pages were parsed into (see `PageStore`).
///
/// A build whose options and input files are as recorded, over an output that is exactly as recorded,
/// does nothing. Otherwise a page whose file is unchanged is not parsed again; its Markdown is not
/// rendered again while its links resolve as before; and its template is not rendered again when its
/// full render context and templates hash to the key recorded for its file and that file is intact.
/// A file counts as unchanged while its size and modification time (in nanoseconds) are as recorded,
/// as in `make` or `git status`, except a file written shortly before the recorded build started,
/// which is read again.
struct BuildCache {
    let recordFile: String
    let pagesFile: String

    init(outputFolder: String) {
        let output = URL(fileURLWithPath: outputFolder).standardizedFileURL
        let folder = output.deletingLastPathComponent().appendingPathComponent(".sitegen-cache")
        recordFile = folder.appendingPathComponent(output.lastPathComponent + ".txt").path
        pagesFile = folder.appendingPathComponent(output.lastPathComponent + ".pages").path
    }

    /// The previous record; nil when there is none or it was written by another sitegen version.
    func loadRecord() -> BuildRecord? {
        guard let bytes = FileBytes.read(recordFile), let record = BuildRecord(bytes: bytes),
            record.generator == PageContext.generator
        else { return nil }
        return record
    }

    /// The previous page store; empty when there is none, it cannot be read, or another sitegen version wrote it.
    func loadPages() -> PageStore {
        guard let bytes = FileBytes.read(pagesFile), let store = PageStore(bytes: bytes),
            store.generator == PageContext.generator
        else { return PageStore() }
        return store
    }

    /// Saves both files; each entry of the page store names the digest it is valid for, so either file
    /// is safe to use without the other. The page store is appended to when it can be (see
    /// `PageStore.appendix`); if appending fails, the file is removed rather than left torn.
    func save(_ record: BuildRecord, pages: PageStore) throws {
        let folder = (recordFile as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if let appendix = pages.appendix {
            do {
                try append(appendix, to: pagesFile)
            } catch {
                try? FileManager.default.removeItem(atPath: pagesFile)
                throw error
            }
        } else {
            try Data(pages.bytes).write(to: URL(fileURLWithPath: pagesFile), options: .atomic)
        }
        try Data(record.bytes).write(to: URL(fileURLWithPath: recordFile), options: .atomic)
    }

    private func append(_ bytes: [UInt8], to file: String) throws {
        guard !bytes.isEmpty else { return }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: bytes)
    }
}
