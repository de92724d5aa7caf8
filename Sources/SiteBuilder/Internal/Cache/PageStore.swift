/// What the last successful build found in each Markdown file: its front matter and, for a page it
/// rendered, the summary of its Markdown — by source path, with the digest of the bytes it came from.
/// A page whose file still has that digest is neither parsed nor (while its links resolve as before)
/// rendered again. Stored beside the build record; see `BuildCache`.
///
/// The file is a log: a header, then one record per entry (path, length, entry), and a later record of
/// a path replaces an earlier one. A build appends the entries it changed, so saving after a one-page
/// edit writes one record, and rewrites the file only when replaced records make up most of it. Every
/// entry names the digest it is valid for, so an entry of a deleted page that lingers is harmless.
/// Entries are decoded on all cores.
struct PageStore: Sendable {
    /// Immutable, and a class: a build hands each entry from stage to stage and keeps most of them.
    final class Entry: Sendable {
        /// The SHA-256 of the file's bytes, as hex.
        let digest: String
        let frontMatter: FrontMatter
        /// Nil for a draft left out of that build.
        let markdown: MarkdownSummary?
        /// The length of this entry's record when the store's file holds it as the last record of its
        /// path; 0 when the entry is new.
        fileprivate let storedLength: Int

        convenience init(digest: String, frontMatter: FrontMatter, markdown: MarkdownSummary?) {
            self.init(digest: digest, frontMatter: frontMatter, markdown: markdown, storedLength: 0)
        }

        fileprivate init(digest: String, frontMatter: FrontMatter, markdown: MarkdownSummary?, storedLength: Int) {
            self.digest = digest
            self.frontMatter = frontMatter
            self.markdown = markdown
            self.storedLength = storedLength
        }
    }

    /// The sitegen version that wrote the store, and the settings it rendered Markdown with
    /// (`SiteConfig.markdownSettings`): another version, or other settings, may parse or render differently.
    private(set) var generator = BuildCache.generator
    var entries: [String: Entry] = [:]
    /// How many bytes of the file the store was read from are records, replaced ones included.
    private var storedLength = 0

    init() {}

    /// An empty store for pages rendered with `markdownSettings` (`SiteConfig.markdownSettings`).
    init(markdownSettings: String) {
        generator = BuildCache.generator + markdownSettings
    }

    /// This store's file, to hold `entries` instead: entries taken over from this store stay in the file.
    func replacing(entries: [String: Entry]) -> PageStore {
        var store = self
        store.entries = entries
        return store
    }

    /// The entry of `path`, when it was made from a file with `digest`.
    func entry(for path: String, digest: String) -> Entry? {
        guard let entry = entries[path], entry.digest == digest else { return nil }
        return entry
    }

    private static let header = Array("sitegen-pages 3\n".utf8)

    /// The whole file: the header and a record of every entry.
    var bytes: [UInt8] { whole().bytes }

    /// The records to append to the file this store's stored entries were read from, to make it hold this
    /// store; nil when rewriting it is better, because it is another version's or replaced records would
    /// make up most of it.
    var appendix: [UInt8]? { added()?.bytes }

    /// What to write to this store's file, appended to it (`appendix`) or as the whole file (`bytes`), and the
    /// store as reading that file back gives it, for a build that keeps it in memory (`CacheMemory`).
    func saved() -> (bytes: [UInt8], appended: Bool, stored: PageStore) {
        if let added = added() { return (added.bytes, true, added.stored) }
        let whole = whole()
        return (whole.bytes, false, whole.stored)
    }

    private func whole() -> (bytes: [UInt8], stored: PageStore) {
        var writer = ByteWriter()
        writer.string(generator)
        let start = Self.header.count + writer.bytes.count
        let written = records(of: entries.sorted { $0.key < $1.key })
        return (
            Self.header + writer.bytes + written.bytes, stored(written.lengths, length: start + written.bytes.count)
        )
    }

    private func added() -> (bytes: [UInt8], stored: PageStore)? {
        guard storedLength > 0 else { return nil }
        let written = records(of: entries.filter { $0.value.storedLength == 0 }.sorted { $0.key < $1.key })
        let live = entries.values.reduce(written.bytes.count) { $0 + $1.storedLength }
        guard storedLength + written.bytes.count <= 2 * live else { return nil }
        return (written.bytes, stored(written.lengths, length: storedLength + written.bytes.count))
    }

    /// This store with the entries written at `lengths` held as the last records of their paths, in a file of
    /// `length` bytes.
    private func stored(_ lengths: [String: Int], length: Int) -> PageStore {
        var store = self
        for (path, recordLength) in lengths {
            guard let entry = entries[path] else { continue }
            store.entries[path] = Entry(
                digest: entry.digest, frontMatter: entry.frontMatter, markdown: entry.markdown,
                storedLength: recordLength)
        }
        store.storedLength = length
        return store
    }

    /// The records of `entries`, and the length of each, by path.
    private func records(of entries: [(key: String, value: Entry)]) -> (bytes: [UInt8], lengths: [String: Int]) {
        let encoded = concurrentMap(entries) { path, entry in
            var body = ByteWriter()
            body.string(entry.digest)
            body.value(entry.frontMatter)
            body.optional(entry.markdown) { $0.value($1) }
            var record = ByteWriter()
            record.string(path)
            record.int(body.bytes.count)
            return record.bytes + body.bytes
        }
        var lengths: [String: Int] = [:]
        lengths.reserveCapacity(entries.count)
        for (entry, record) in zip(entries, encoded) { lengths[entry.key] = record.count }
        return (encoded.flatMap { $0 }, lengths)
    }

    /// Reads `bytes`; nil when they are not a page store of this version, or are damaged.
    init?(bytes: [UInt8]) {
        guard bytes.starts(with: Self.header) else { return nil }
        var reader = ByteReader(bytes: bytes, from: Self.header.count)
        var latest: [String: (record: Int, body: Range<Int>)] = [:]
        do throws(ByteReader.Damaged) {
            generator = try reader.string()
            while !reader.isAtEnd {
                let start = reader.position
                let path = try reader.string()
                let body = try reader.skip(try reader.int())
                latest[path] = (body.upperBound - start, body)
            }
        } catch {
            return nil
        }
        let records = Array(latest)
        let decoded = concurrentMap(records) { _, location -> Entry? in
            let range = location.body
            var reader = ByteReader(bytes: bytes, from: range.lowerBound)
            do throws(ByteReader.Damaged) {
                let entry = Entry(
                    digest: try reader.string(), frontMatter: try reader.value(FrontMatter.self),
                    markdown: try reader.optional { reader throws(ByteReader.Damaged) in
                        try reader.value(MarkdownSummary.self)
                    }, storedLength: location.record)
                guard reader.position == range.upperBound else { return nil }
                return entry
            } catch {
                return nil
            }
        }
        entries.reserveCapacity(records.count)
        for (record, entry) in zip(records, decoded) {
            guard let entry else { return nil }
            entries[record.key] = entry
        }
        storedLength = bytes.count
    }
}
