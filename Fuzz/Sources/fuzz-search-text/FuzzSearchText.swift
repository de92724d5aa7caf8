import Foundation

@testable import SiteBuilder

/// HTML read by the build's tag reader (`HTMLTags`): a page's HTML as the search index reads it (`SearchText` turns
/// it into sections of text, `SearchWords` splits those into words, and `SearchPartFiles` writes a part's files from
/// it), and raw HTML in Markdown as `HTMLLinks` reads its addresses and anchors. Raw HTML reaches both as the author
/// wrote it.
///
/// Properties: section texts have no white space at either end and no run of it; every word is lowercase letters
/// and digits only; every file written is valid JSON, and the word chunks are in the order the browser compares;
/// every address found lies inside the HTML, in order, on a line it has, and no anchor is empty.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSearchText(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let html = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    func check(_ condition: Bool, _ problem: @autoclosure () -> String) {
        if !condition { fatalError("HTML \(html.debugDescription): \(problem())") }
    }
    let read = HTMLLinks.read(html)
    let size = html.utf8.count
    let lines = html.utf8.count { $0 == UInt8(ascii: "\n") } + 1
    for (found, next) in zip(read.addresses, read.addresses.dropFirst().map(Optional.some) + [nil]) {
        check(found.range.upperBound <= size && found.line >= 1 && found.line <= lines, "address \(found)")
        check(next.map { found.range.upperBound <= $0.range.lowerBound } ?? true, "addresses out of order")
    }
    check(read.anchors.allSatisfy { !$0.isEmpty }, "an empty anchor")
    _ = HTMLLinks.replacing(read.addresses.map { ($0.range, "/x/") }, in: html)
    let text = SearchText(html: html)
    for section in text.sections {
        for piece in [section.heading, section.text] {
            check(piece.unicodeScalars.first?.properties.isWhitespace != true, "white space at the start: \(piece)")
            check(piece.unicodeScalars.last?.properties.isWhitespace != true, "white space at the end: \(piece)")
            check(!piece.contains("  "), "two spaces in a row: \(piece)")
            for word in SearchWords.words(in: piece) {
                check(!word.isEmpty, "an empty word")
                check(word.unicodeScalars.allSatisfy { !$0.properties.isWhitespace && $0 != "<" }, "word \(word)")
                check(word == word.lowercased(), "\(word) is not lowercase")
            }
        }
    }
    let document = SearchDocument(url: "/page/", title: "Fuzz", breadcrumb: ["…"], contentHTML: html)
    let files = SearchPartFiles.files(
        of: SearchPart(ruleID: "dzotypzq", shard: 0, documents: [document]), chunkBytes: 64)
    var chunks: [String] = []
    for file in files {
        let json = try? JSONSerialization.jsonObject(with: file.data)
        check(json != nil, "\(file.path) is not JSON: \(String(decoding: file.data, as: UTF8.self))")
        if file.path.hasSuffix("index.json") { chunks = (json as? [String: Any])?["chunks"] as? [String] ?? [] }
    }
    check(
        zip(chunks, chunks.dropFirst()).allSatisfy { $0.utf16.lexicographicallyPrecedes($1.utf16) },
        "chunks out of order: \(chunks)")
    return 0
}
