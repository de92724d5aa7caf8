/// What the last successful build found in each Markdown file: its front matter and, for a page it
/// rendered, the summary of its Markdown — by source path, with the digest of the bytes it came from.
/// A page whose file still has that digest is neither parsed nor (while its links resolve as before)
/// rendered again. Stored beside the build record; see `BuildCache`.
struct PageStore: Sendable {
    struct Entry: Sendable {
        /// The SHA-256 of the file's bytes, as hex.
        var digest: String
        var frontMatter: FrontMatter
        /// Nil for a draft left out of that build.
        var markdown: MarkdownSummary?
    }

    /// The sitegen version that wrote the store: another version may parse or render differently.
    var generator = PageContext.generator
    var entries: [String: Entry] = [:]

    /// The entry of `path`, when it was made from a file with `digest`.
    func entry(for path: String, digest: String) -> Entry? {
        guard let entry = entries[path], entry.digest == digest else { return nil }
        return entry
    }

    private static let header = Array("sitegen-pages 1\n".utf8)

    var bytes: [UInt8] {
        var writer = ByteWriter()
        writer.string(generator)
        writer.list(entries.sorted { $0.key < $1.key }) { writer, item in
            writer.string(item.key)
            writer.string(item.value.digest)
            writer.value(item.value.frontMatter)
            writer.optional(item.value.markdown) { $0.value($1) }
        }
        return Self.header + writer.bytes
    }

    /// Reads `bytes`; nil when they are not a page store of this version, or are damaged.
    init?(bytes: [UInt8]) {
        guard bytes.starts(with: Self.header) else { return nil }
        var reader = ByteReader(bytes: Array(bytes.dropFirst(Self.header.count)))
        do throws(ByteReader.Damaged) {
            generator = try reader.string()
            let items = try reader.list { reader throws(ByteReader.Damaged) in
                let path = try reader.string()
                let entry = Entry(
                    digest: try reader.string(), frontMatter: try reader.value(FrontMatter.self),
                    markdown: try reader.optional { reader throws(ByteReader.Damaged) in
                        try reader.value(MarkdownSummary.self)
                    })
                return (path, entry)
            }
            guard reader.isAtEnd else { return nil }
            entries = Dictionary(items, uniquingKeysWith: { _, last in last })
        } catch {
            return nil
        }
    }

    init() {}
}
