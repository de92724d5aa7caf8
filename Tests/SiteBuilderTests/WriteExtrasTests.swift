import Foundation
import Testing

@testable import SiteBuilder

@Suite("Writing what no single page owns")
struct WriteExtrasTests {
    private struct EncodingFailed: Error {}

    @Test("A manifest encoded ahead is published only when it was encoded from the very rules being published")
    func manifestAhead() {
        let ahead = Data("ahead".utf8)
        let now = Data("now".utf8)
        #expect(WriteExtras.manifestJSON(key: "k1", ahead: ("k1", ahead)) { now } == ahead)
        // The search index added its files to the rules since: their key is another.
        #expect(WriteExtras.manifestJSON(key: "k2", ahead: ("k1", ahead)) { now } == now)
        #expect(WriteExtras.manifestJSON(key: "k1", ahead: nil) { now } == now)
        // Encoding failed ahead: encoding it again reports why.
        #expect(throws: EncodingFailed.self) {
            try WriteExtras.manifestJSON(key: "k1", ahead: ("k1", nil)) { throw EncodingFailed() }
        }
    }
}
