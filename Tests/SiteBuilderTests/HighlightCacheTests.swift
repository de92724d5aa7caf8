import Testing

@testable import SiteBuilder

@Suite("Highlight cache")
struct HighlightCacheTests {
    @Test("Blocks are cached by their language and text; a full cache starts afresh")
    func cache() {
        let cache = HighlightCache(limit: 100)
        let calls = Recorded<String>()
        func html(_ code: String, _ definition: String) -> String? {
            cache.html(for: code, definition: definition) {
                calls.record(definition + ":" + code)
                return code == "unknown" ? nil : "<b>\(code)</b>"
            }
        }
        #expect(html("x", "Python") == "<b>x</b>")
        #expect(html("x", "Python") == "<b>x</b>")
        #expect(html("x", "Ruby") == "<b>x</b>")
        #expect(html("unknown", "Python") == nil)
        #expect(html("unknown", "Python") == nil)
        #expect(calls.all == ["Python:x", "Ruby:x", "Python:unknown"])
        #expect(html(String(repeating: "y", count: 60), "Python") != nil)
        #expect(html("x", "Python") == "<b>x</b>")
        #expect(calls.all.count == 5)
    }
}
