import AccessRules
import Foundation

/// The build cache's files as a `BuildSession` last wrote them, held in memory so that its next build reads none
/// of them: the record, the page store and the link targets, each with what the file was like once written (its
/// inode, size and times), and the access manifest it published, by the stamp of the file it published it as. A
/// file that is no longer so (another process built this output, or someone removed the cache) is read from disk
/// as a lone build would read it.
///
/// Also remembers that the output folder is exactly what the record lists, from the moment the session published
/// it, so that the next build lists no folder of it; `BuildCache` asks `outputAsRecorded(by:)`.
final class CacheMemory: @unchecked Sendable {
    /// What `stat` says of a file the session wrote: changed by any write, rename over it or removal.
    struct FileIdentity: Equatable {
        let device: UInt64
        let inode: UInt64
        let size: Int
        let modified: Int
        let changed: Int

        /// Nil when there is no regular file at `path`.
        static func of(_ path: String) -> FileIdentity? {
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            return FileIdentity(
                device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int(info.st_size),
                modified: Int(info.st_mtim.tv_sec) * 1_000_000_000 + info.st_mtim.tv_nsec,
                changed: Int(info.st_ctim.tv_sec) * 1_000_000_000 + info.st_ctim.tv_nsec)
        }
    }

    /// A value and the file it is the content of, as that file was once written.
    private struct Kept<Value> {
        let file: FileIdentity
        let value: Value
    }

    private let lock = NSLock()
    private var record: Kept<BuildRecord>?
    private var pages: Kept<PageStore>?
    private var linkTargets: (digest: String, bytes: [UInt8])?
    /// The access manifest the session last published, and the stamp of the file it published it as.
    private var manifest: (published: FileStamp, manifest: AccessManifest)?
    /// The access manifest's identity when the session published the output the record lists.
    private var publishedManifest: FileIdentity?

    /// The record, when its file at `path` is still the one this session wrote.
    func record(at path: String) -> BuildRecord? {
        lock.withLock { record }.flatMap { $0.file == FileIdentity.of(path) ? $0.value : nil }
    }

    /// The page store, when its file at `path` is still the one this session wrote.
    func pages(at path: String) -> PageStore? {
        lock.withLock { pages }.flatMap { $0.file == FileIdentity.of(path) ? $0.value : nil }
    }

    /// The access manifest the session last published, when it published it as a file with `stamp`.
    func manifest(published stamp: FileStamp) -> AccessManifest? {
        lock.withLock { manifest }.flatMap { $0.published == stamp ? $0.manifest : nil }
    }

    /// The link targets the session last saved, when they are the ones with `digest`.
    func linkTargets(digest: String) -> [UInt8]? {
        lock.withLock { linkTargets }.flatMap { $0.digest == digest ? $0.bytes : nil }
    }

    /// Whether the output folder `output` is exactly as the record at `recordPath` lists it: the session published
    /// it with that record, which its file still is, and its access manifest is still the file it published then.
    /// Files put into the output by hand while a session runs are taken away by the next build without one.
    func outputAsRecorded(recordPath: String, output: String) -> Bool {
        let (kept, published) = lock.withLock { (record?.file, publishedManifest) }
        guard let kept, let published, FileIdentity.of(recordPath) == kept else { return false }
        return FileIdentity.of((output as NSString).appendingPathComponent(AccessManifest.relativePath)) == published
    }

    /// Keeps what a build saved: `record` and `pages` as their files now are, and the link targets.
    func keep(
        record: BuildRecord, at recordPath: String, pages: PageStore, at pagesPath: String,
        linkTargets: (digest: String, bytes: [UInt8]), manifest: AccessManifest, output: String
    ) {
        let recordFile = FileIdentity.of(recordPath)
        let pagesFile = FileIdentity.of(pagesPath)
        let manifestFile = FileIdentity.of((output as NSString).appendingPathComponent(AccessManifest.relativePath))
        let published = record.files[AccessManifest.relativePath]?.stamp
        lock.withLock {
            self.record = recordFile.map { Kept(file: $0, value: record) }
            self.pages = pagesFile.map { Kept(file: $0, value: pages) }
            self.linkTargets = linkTargets
            self.manifest = published.map { ($0, manifest) }
            publishedManifest = manifestFile
        }
    }

    /// Forgets everything: the files may no longer be what the session wrote (saving failed).
    func forget() {
        lock.withLock {
            (record, pages, linkTargets, manifest, publishedManifest) = (nil, nil, nil, nil, nil)
        }
    }
}
