import Testing

@testable import EntraAuth

/// Only same-site relative paths survive as the page to return to: no open redirect, no header injection.
struct ReturnPathTests {
    @Test(arguments: [
        "//evil.example", "//evil.example/path", "/\\evil.example", "\\\\evil.example", "https://evil.example",
        "http://evil.example/", "HTTPS://evil.example", "/%2F%2Fevil.example", "/%2f/evil.example", "/%5Cevil.example",
        "/%5cevil.example", "/x%0d%0aSet-Cookie:a=b", "/x%0aLocation:%20https://evil.example", "/x\r\nSet-Cookie: a=b",
        "/x\nSet-Cookie:a=b", "/x\rfoo", "/x%00", "/x\u{7F}", "/a b", "/caf\u{E9}/", "javascript:alert(1)",
        " /docs/", "evil.example", "", "/%E0%A4%A", "/x%",
        // Decoded, a combining mark makes `/` + mark one character, which a character comparison missed.
        "/%2F%CC%81evil.example", "/%5C%CC%81evil.example",
    ])
    func refuses(candidate: String) {
        #expect(ReturnPath.sanitize(candidate) == "/")
    }

    @Test func refusesNothingAtAll() {
        #expect(ReturnPath.sanitize(nil) == "/")
    }

    @Test func refusesPathsOverOneKibibyteSoSignInCookiesStaySmall() {
        #expect(ReturnPath.sanitize("/" + String(repeating: "a", count: 1024)) == "/")
        let long = "/" + String(repeating: "a", count: 1023)
        #expect(ReturnPath.sanitize(long) == long)
    }

    @Test func quotesArePercentEncodedAndCountAsEncoded() {
        #expect(ReturnPath.sanitize("/a\"b") == "/a%22b")
        let quotes = "/" + String(repeating: "\"", count: 341)
        #expect(ReturnPath.sanitize(quotes) == "/" + String(repeating: "%22", count: 341))
        #expect(ReturnPath.sanitize(quotes + "\"") == "/", "1,026 bytes once encoded")
    }

    @Test(arguments: ["/", "/docs/a?b=c#d", "/caf%C3%A9/", "/docs/", "/a/b.pdf", "/search?q=a%20b&x=%2F", "/~user/"])
    func accepts(path: String) {
        #expect(ReturnPath.sanitize(path) == path)
    }
}
