import Foundation

@testable import SiteBuilder

/// The build cache's files as a build reads them: the build record (`BuildRecord(bytes:)`, text parsed field by
/// field), the page store (`PageStore(bytes:)`, the binary `ByteCoding` log) and a search shard's words
/// (`SearchPartWords(body:generator:)`, the file without the header and SHA-256 a fuzzer cannot forge). A damaged
/// or foreign file must read as nil, never crash: the build then starts afresh.
///
/// Properties: a record that reads, written back, reads as the same record, and so does the file with a build that
/// changed nothing appended (it holds every build a record file can: a later build's lines replace and remove
/// files' lines of earlier ones); a page store that reads, written back
/// and read again, writes the same bytes (its encoding is canonical: sorted keys and anchors); words that read
/// are read back from their file as written, and indexing a shard from them writes valid JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBuildCache(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let record = BuildRecord(bytes: bytes) {
        let text = String(decoding: bytes, as: UTF8.self).debugDescription
        if BuildRecord(bytes: record.bytes) != record { fatalError("record \(text) does not read back as written") }
        if let appendix = record.appendix(after: record, output: OutputChanges(files: [:], removed: [])) {
            let appended = BuildRecord(bytes: bytes + appendix.bytes)
            if appended != record { fatalError("record \(text) changes with a build appended") }
            // A session keeps the line count a save computes rather than reading the file back.
            if appended?.stored?.fileLines != (record.stored?.fileLines ?? 0) + appendix.fileLines {
                fatalError("record \(text): an appended build's file lines are not counted as reading counts them")
            }
        }
    }
    if let store = PageStore(bytes: bytes) {
        let written = store.bytes
        guard let again = PageStore(bytes: written) else { fatalError("a written page store does not read: \(bytes)") }
        if again.bytes != written { fatalError("a page store does not write the same bytes twice: \(bytes)") }
        // What a save says the file then holds is what reading it gives: nothing more to append, the same bytes.
        let saved = store.saved()
        if saved.stored.appendix != again.appendix || saved.stored.bytes != written {
            fatalError("a saved page store is not what reading its file back gives: \(bytes)")
        }
    }
    if let words = SearchPartWords(body: bytes, generator: "fuzz") {
        if SearchPartWords(bytes: words.bytes(generator: "fuzz"), generator: "fuzz") != words {
            fatalError("search words do not read back as written: \(bytes)")
        }
        let documents = words.pages.map { page in
            var document = SearchDocument(url: page.url, title: "", breadcrumb: [], contentHTML: "")
            document.words = page.words
            return document
        }
        let part = SearchPart(ruleID: "dzotypzq", shard: 0, documents: documents)
        for file in SearchPartFiles.index(part, vocabulary: words.vocabulary, writesPage: { _ in false }).files
        where (try? JSONSerialization.jsonObject(with: file.data)) == nil {
            fatalError("\(file.path) is not JSON after indexing from \(bytes)")
        }
    }
    return 0
}
