import Testing

@testable import AccessRules

@Suite("Request path normalisation")
struct RequestPathTests {
    @Test(
        "resolves the tricks nginx resolves",
        arguments: [
            ("/", "/"),
            ("/guide/setup/", "/guide/setup/"),
            ("/guide/setup", "/guide/setup"),
            ("/a/../secret/", "/secret/"),
            ("/a/./b/../secret/", "/a/secret/"),
            ("//secret/", "/secret/"),
            ("/secret//page/", "/secret/page/"),
            ("/secret/index.html", "/secret/"),
            ("/index.html", "/"),
            ("/secret/%69ndex.html", "/secret/"),
            ("/%73ecret/", "/secret/"),
            ("/a%2F..%2Fsecret/", "/secret/"),
            ("/a/%2e%2e/secret/", "/secret/"),
            ("/a/%2E%2E/secret/", "/secret/"),
            ("/secret/?rd=/x", "/secret/"),
            ("/secret/#top", "/secret/"),
            ("/a/..", "/"),
            ("/a/.", "/a/"),
            ("/Secret/", "/Secret/"),
            ("/caf%C3%A9/", "/café/"),
            ("/%252e%252e/", "/%252e%252e/"),
            ("/%25%3F%23/index.html", "/%25%3F%23/"),
            ("/100%/", nil),
            // Found by Fuzz/fuzz-request-path: the decoded `?` cut the path short when normalized again.
            ("/(ca%2F..%3Fcesret/", "/(ca/..%3Fcesret/"),
            // Found by Fuzz/fuzz-request-path: a folder named index.html was taken for the index page.
            ("/s/%69ndex.html/%69ndex.html", "/s/index.html/"),
            ("/s/index.html/", "/s/index.html/"),
            ("/s/index.html/.", "/s/index.html/"),
        ]
    )
    func normalises(uri: String, expected: String?) {
        #expect(RequestPath.normalize(uri) == expected)
        if let expected { #expect(RequestPath.normalize(expected) == expected, "normalizing again changes it") }
    }

    @Test("names a file whose name holds %, ? or # as escaped() names it")
    func escapedFileNames() {
        #expect(RequestPath.escaped("/reports/100%/a?b#c") == "/reports/100%25/a%3Fb%23c")
        #expect(RequestPath.escaped("/guide/") == "/guide/")
        #expect(RequestPath.normalize("/reports/100%25/a%3Fb%23c") == RequestPath.escaped("/reports/100%/a?b#c"))
    }

    @Test(
        "refuses what escapes the root or is malformed",
        arguments: [
            "", "secret/", "/../secret/", "/%2e%2e/secret/", "/a/../../secret/", "/%2e%2e%2fsecret/",
            "/bad%zzescape", "/trailing%2", "/nul%00byte", "https://evil.example/secret/",
        ]
    )
    func refuses(uri: String) {
        #expect(RequestPath.normalize(uri) == nil)
    }
}
