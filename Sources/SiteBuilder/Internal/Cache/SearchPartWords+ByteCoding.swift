/// The file the build cache keeps a part's words in (`BuildCache.loadSearchWords`): a header with a version,
/// the sitegen version that counted them, the vocabulary, then each page, and last the SHA-256 of all that.
/// Read only for a part indexed again, and checked whole: a digest that does not match, a word number
/// outside the vocabulary, a word twice in it or a count below one makes the file damaged, and the part's
/// pages are counted again.
extension SearchPartWords {
    private static let header = Array("sitegen-search-words 3\n".utf8)

    /// Written into one buffer made big enough at once: a shard's words are megabytes, rewritten after every
    /// edit of one of its pages.
    func bytes(generator: String) -> [UInt8] {
        let size = pages.reduce(vocabulary.reduce(Self.header.count + 64) { $0 + $1.utf8.count + 2 }) { size, page in
            size + page.url.utf8.count + page.key.utf8.count + 4
                * (page.words.terms.count + page.words.titleTerms.count)
                + 24
        }
        var writer = ByteWriter(capacity: size)
        writer.raw(Self.header)
        writer.string(generator)
        writer.list(vocabulary) { $0.string($1) }
        writer.list(pages) { writer, page in
            writer.string(page.url)
            writer.string(page.key)
            writer.int(page.words.length)
            writer.int32s(page.words.terms)
            writer.int32s(page.words.titleTerms)
        }
        let digest = writer.bytes.withUnsafeBytes { SHA256.digest(.init(rebasing: $0[Self.header.count...])) }
        writer.digest(digest)
        return writer.bytes
    }

    /// Reads `bytes`; nil when they are damaged, of another format, or counted by another `generator`.
    init?(bytes: [UInt8], generator: String) {
        guard bytes.starts(with: Self.header), bytes.count >= Self.header.count + 32 else { return nil }
        let body = Array(bytes[Self.header.count..<bytes.count - 32])
        var check = ByteReader(bytes: bytes, from: bytes.count - 32)
        guard (try? check.digest()) == SHA256.digest(body) else { return nil }
        self.init(body: body, generator: generator)
    }

    /// Reads `body`, a file without its header and digest; nil when it is damaged or counted by another
    /// `generator`. Every word number is checked against the vocabulary, so indexing from what it reads
    /// cannot go out of bounds whatever the bytes.
    init?(body: [UInt8], generator: String) {
        var reader = ByteReader(bytes: body)
        do throws(ByteReader.Damaged) {
            guard try reader.string() == generator else { return nil }
            let vocabulary = try reader.list { reader throws(ByteReader.Damaged) in try reader.string() }
            // Words are told apart by their bytes, as `SearchVocabulary` does (String equality would not).
            guard Set(vocabulary.map { Array($0.utf8) }).count == vocabulary.count else { return nil }
            let words = Int32(vocabulary.count)
            let pages = try reader.list { reader throws(ByteReader.Damaged) -> Page in
                let url = try reader.string()
                let key = try reader.string()
                let length = try reader.int()
                let terms = try reader.int32s()
                let titleTerms = try reader.int32s()
                guard length >= 0, terms.count % 2 == 0,
                    stride(from: 0, to: terms.count, by: 2).allSatisfy({
                        (0..<words).contains(terms[$0]) && terms[$0 + 1] > 0
                    }),
                    titleTerms.allSatisfy({ (0..<words).contains($0) })
                else { throw ByteReader.Damaged() }
                return Page(
                    url: url, key: key, words: SearchPageWords(terms: terms, titleTerms: titleTerms, length: length))
            }
            guard reader.isAtEnd else { return nil }
            self.init(vocabulary: vocabulary, pages: pages)
        } catch {
            return nil
        }
    }
}
