import Testing

@testable import EntraAuth

/// A request target splits into path and query, and a query into pairs, on bytes.
struct RequestTargetTests {
    @Test func pathQueryAndPairsSplitOnTheirSeparators() {
        let request = Request(method: "GET", target: "/.auth/login?rd=%2Fx%20y&rd=%2Fz&hint=a+b&flag", headers: [:])
        #expect(request.path == "/.auth/login")
        #expect(request.query == ["rd": "/x y", "hint": "a b", "flag": ""])
        #expect(Request(method: "GET", target: "/plain", headers: [:]).query.isEmpty)
    }

    /// `?`, `&` or `=` followed by a combining mark is one Swift character, but still a separator, as nginx reads it.
    @Test func aSeparatorWithACombiningMarkStillSeparates() {
        let request = Request(method: "GET", target: "/.auth/login?\u{301}rd=%2Fx&\u{301}b=\u{301}2", headers: [:])
        #expect(request.path == "/.auth/login")
        #expect(request.query == ["\u{301}rd": "/x", "\u{301}b": "\u{301}2"])
    }
}
