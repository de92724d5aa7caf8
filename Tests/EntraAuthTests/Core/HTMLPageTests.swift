import Foundation
import Testing

@testable import EntraAuth

@Suite("The handler's own HTML pages")
struct HTMLPageTests {
    @Test("Text and links are escaped scalar by scalar: a quote with a combining mark cannot end an attribute")
    func escapesQuotesWithCombiningMarks() {
        let hostile = "x\"\u{301} onclick=\"alert(1)\u{301}'<\u{301}b>&\u{301}"
        let page = HTMLPage.render(
            status: 400, title: hostile, paragraphs: [hostile], details: [("code", hostile)],
            links: [(label: hostile, href: "/" + hostile)])
        let html = String(decoding: page.body, as: UTF8.self)
        let body = html[html.range(of: "<main")!.lowerBound...]
        // Outside the markup the page writes itself, no quote, angle bracket or ampersand is left raw.
        let markup = [
            "<main id=\"main\" class=\"auth-message\">", "<h1>", "</h1>", "<p>", "</p>",
            "<dl class=\"auth-details\">", "<dt>", "</dt>", "<dd><code>", "</code></dd>", "</dl>",
            "<p class=\"auth-actions\">", "<a class=\"button\" href=\"", "\">", "</a>", "</main></body></html>",
        ]
        var rest = String(body)
        for piece in markup { rest = rest.replacingOccurrences(of: piece, with: "") }
        #expect(!rest.unicodeScalars.contains { "\"'<>".unicodeScalars.contains($0) }, "\(rest)")
        #expect(rest.contains("&quot;\u{301} onclick=&quot;alert(1)\u{301}&#39;&lt;\u{301}b&gt;&amp;\u{301}"))
    }

    @Test("A page sends no Referer: shown at the callback's address, it must not pass the code on to a log")
    func sendsNoReferer() throws {
        let page = HTMLPage.render(status: 400, title: "Sign-in was not completed", paragraphs: [])
        let html = String(decoding: page.body, as: UTF8.self)
        let policy = try #require(html.range(of: #"<meta name="referrer" content="no-referrer">"#))
        let stylesheet = try #require(html.range(of: #"<link rel="stylesheet""#))
        #expect(policy.upperBound <= stylesheet.lowerBound, "in force before the stylesheet is requested")
    }
}
