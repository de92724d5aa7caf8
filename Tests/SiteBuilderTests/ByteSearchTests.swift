import Foundation
import Testing

@testable import SiteBuilder

@Suite("Byte search for the Markdown guards")
struct ByteSearchTests {
    @Test("Finds a needle anywhere, and only where its bytes are")
    func findsNeedles() {
        let page = "# Title\n\nSome text.\n\n!!! note \"Heads up\"\n    indented\n"
        #expect(page.containsBytes("!!!"))
        #expect(page.containsBytes("# Title"))
        #expect(page.containsBytes("indented\n"))
        #expect(!page.containsBytes("???"))
        #expect(!page.containsBytes("!!!!"))
        #expect(!"!!".containsBytes("!!!"))
        #expect("".containsBytes(""))
        #expect(!"".containsBytes("$"))
    }

    @Test("Substrings, non-ASCII text and strings bridged from NSString")
    func otherStorage() {
        let text = "Grüße, 数学 $x$ \u{E000}0\u{E001}"
        #expect(text.dropFirst(7).containsBytes("数学"))
        #expect(!text.dropFirst(12).containsBytes("数学"))
        #expect(text.containsBytes(String(MathSpans.open)))
        let bridged = NSString(string: "<p><input type=\"checkbox\" disabled=\"\" /></p>") as String
        #expect(bridged.containsBytes("<input type=\"checkbox\""))
        #expect(!bridged.containsBytes("<input type=\"radio\""))
    }
}
