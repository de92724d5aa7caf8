import Foundation
import Testing

@testable import AccessRules

/// The contract between the build and what serves its output: the link the build writes for a file leads
/// the server to that file, and the access check to the manifest entry the build wrote for it.
@Suite("Output file and URL")
struct OutputPathTests {
    /// Routes as the build makes them: pages' folders, the home page, special pages, assets, odd names.
    static let routes = [
        "", "guide/", "guide/setup/", "404.html", "signed-out/", "assets/theme.css", "a b/", "a b/file 1.txt",
        "100%/", "100%/x.txt", "q?a/", "h#x/page/", "été/café/", "日本/", "s;p/", "index.html/", "a+b=c&d/",
        "%2e%2e/", "..x/", "x../", "~user/", "'quote'/(paren)/",
    ]

    @Test("a route's file is served at that route", arguments: routes)
    func fileRoundTrip(route: String) {
        let file = OutputPath.file(ofRoute: route)
        #expect(!file.hasSuffix("/") && !file.isEmpty)
        #expect(OutputPath.route(ofFile: file) == route)
    }

    @Test("the URL the build links to reaches the file it wrote", arguments: routes)
    func urlRoundTrip(route: String) throws {
        let file = OutputPath.file(ofRoute: route)
        for root in ["/", "/docs/"] {
            let url = OutputPath.url(ofFile: file, root: root)
            #expect(url.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "?") })
            #expect(!url.contains("#") && !url.contains(";"))
            let requested = try #require(RequestPath.normalize(url))
            #expect(requested.hasPrefix(root))
            #expect(OutputPath.file(ofRequestPath: "/" + requested.dropFirst(root.count)) == file)
        }
    }

    @Test("the access check finds the manifest entry of the file a link leads to", arguments: routes)
    func manifestRoundTrip(route: String) throws {
        let file = OutputPath.file(ofRoute: route)
        var builder = AccessManifestBuilder()
        builder.add(path: "/sub dir/other/", rule: .public, source: "site.toml")
        builder.add(
            path: OutputPath.manifestPath(ofFile: file, decodedRoot: "/sub dir/"), rule: .signedIn, source: "page")
        let policy = try AccessPolicy(manifest: builder.manifest, unknownPaths: .deny, emailRulesAllowed: false)
        let url = OutputPath.url(ofFile: file, root: "/sub%20dir/")
        #expect(policy.rule(forURI: url) == .signedIn)
        #expect(policy.rule(forURI: url + "?x=1#top") == policy.rule(forURI: url))
    }

    @Test("encodes as the build always has: Foundation's URL path characters less ? # ;")
    func encodingMatchesFoundation() {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#;")
        let ascii = String(decoding: (1...0x7F).map { UInt8($0) }, as: UTF8.self)
        for text in [ascii, "café/日本/", "a b%c?d#e;f", "plain/path-1_2.html", "😀/é"] {
            #expect(OutputPath.percentEncoded(text) == text.addingPercentEncoding(withAllowedCharacters: allowed))
        }
    }

    @Test(
        "a request path never names a file above the output folder",
        arguments: [
            ("/../x", nil), ("/a/%2e%2e/%2e%2e/x", nil), ("/%2e%2e%2fx", nil), ("/a%2F..%2F..%2Fx", nil),
            ("/..%252f..%252fx", "..%2f..%2fx"), ("/a/..%2f..%2fetc/passwd", nil), ("/%2E%2E/", nil),
            ("/a/./../../", nil), ("/%252e%252e/", "%2e%2e/index.html"),
        ] as [(String, String?)]
    )
    func hostileRequests(uri: String, expected: String?) {
        // Refused outright, or a file whose name keeps the encoded dots as text.
        let file = RequestPath.normalize(uri).map(OutputPath.file(ofRequestPath:))
        #expect(file == expected, "\(uri)")
        if let file {
            #expect(!file.hasPrefix("/"))
            #expect(!file.split(separator: "/", omittingEmptySubsequences: false).contains(".."), "\(uri) → \(file)")
        }
    }

    @Test("index.html is the folder, whichever side names it")
    func indexFiles() {
        #expect(OutputPath.route(ofFile: "index.html") == "")
        #expect(OutputPath.route(ofFile: "old/index.html") == "old/")
        #expect(OutputPath.route(ofFile: "oldindex.html") == "oldindex.html")
        #expect(OutputPath.file(ofRequestPath: "/") == "index.html")
        #expect(OutputPath.file(ofRequestPath: "/100%25/a%3Fb%23c") == "100%/a?b#c")
        #expect(OutputPath.manifestPath(ofFile: "a b/index.html", decodedRoot: "/") == "/a b/")
        #expect(OutputPath.manifestPath(ofRoute: "a b/", decodedRoot: "/sub dir/") == "/sub dir/a b/")
        #expect(SpecialPage.signedOut.outputPath == "signed-out/index.html")
        #expect(SpecialPage.allCases.map(\.outputPath).sorted() == ["403.html", "404.html", "signed-out/index.html"])
    }
}
