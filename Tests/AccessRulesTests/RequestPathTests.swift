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
            ("/%252e%252e/", "/%2e%2e/"),
        ]
    )
    func normalises(uri: String, expected: String) {
        #expect(RequestPath.normalize(uri) == expected)
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
