import Foundation

@testable import SiteBuilder

/// The build cache's two files as a build reads them at its start: the build record (`BuildRecord(bytes:)`, text
/// parsed field by field) and the page store (`PageStore(bytes:)`, the binary `ByteCoding` log). A damaged or
/// foreign file must read as nil, never crash: the build then starts afresh.
///
/// Properties: a record that reads, written back, reads as the same record; a page store that reads, written back
/// and read again, writes the same bytes (its encoding is canonical: sorted keys and anchors).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBuildCache(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let record = BuildRecord(bytes: bytes), BuildRecord(bytes: record.bytes) != record {
        fatalError("record \(String(decoding: bytes, as: UTF8.self).debugDescription) does not read back as written")
    }
    if let store = PageStore(bytes: bytes) {
        let written = store.bytes
        guard let again = PageStore(bytes: written) else { fatalError("a written page store does not read: \(bytes)") }
        if again.bytes != written { fatalError("a page store does not write the same bytes twice: \(bytes)") }
    }
    return 0
}
