/// The keys of the search index's files in the build record. Parts are compared before any page is rendered
/// through its template, so a document's `contentHTML` holds the digest of its Markdown's HTML there
/// (`MarkdownSummary.contentDigest`, see `SearchPlan`): a page whose HTML is as before keeps its words and
/// leaves its part as it is, whatever other pages were added or removed.
enum SearchKeys {
    /// The key of a part's `index.json` and word files: the index format and the part's documents.
    static func part(_ part: SearchPart) -> String {
        var writer = ByteWriter(capacity: 200 * part.documents.count)
        writer.string("search \(SearchPartFiles.formatVersion)")
        writer.list(part.documents) { writer, document in
            writer.string(document.url)
            writer.string(document.title)
            writer.list(document.breadcrumb) { $0.string($1) }
            writer.string(document.contentHTML)
        }
        return SHA256.hex(writer.bytes)
    }

    /// The key a page's words are counted under: its title and what its HTML is made from.
    static func words(title: String, fingerprint: String) -> String {
        var writer = ByteWriter(capacity: 256)
        writer.string("words \(SearchPartFiles.formatVersion)")
        writer.string(title)
        writer.string(fingerprint)
        return SHA256.hex(writer.bytes)
    }

    /// The key of a page's file (`p/N.json`): everything it is made from, its number in the shard included.
    static func page(number: Int, document: SearchDocument) -> String {
        var writer = ByteWriter(capacity: 256)
        writer.string("page \(SearchPartFiles.formatVersion)")
        writer.int(number)
        writer.string(document.url)
        writer.string(document.title)
        writer.list(document.breadcrumb) { $0.string($1) }
        writer.string(document.contentHTML)
        return SHA256.hex(writer.bytes)
    }
}
