import Testing

@testable import SitePreview

@Suite("HTTP requests and responses")
struct HTTPTests {
    @Test("A request head reads into method, target, version and lowercased headers")
    func parsing() throws {
        let head = "GET /guide/setup/?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nX-Thing:  spaced  \r\n"
        let request = try #require(HTTPRequest(head: Array(head.utf8)))
        #expect(request.method == "GET" && request.path == "/guide/setup/" && request.query == "?x=1")
        #expect(request.headers["host"] == "127.0.0.1:8000" && request.headers["x-thing"] == "spaced")
        #expect(request.keepsAlive)
        #expect(HTTPRequest(head: Array("GET /x HTTP/1.0\r\n".utf8))?.keepsAlive == false)
        #expect(HTTPRequest(head: Array("GET /x HTTP/1.1\r\nConnection: close\r\n".utf8))?.keepsAlive == false)
    }

    @Test("Malformed heads are refused")
    func malformed() {
        for head in ["", "GET", "GET /x", "GET x HTTP/1.1", "GET /x HTTP/2", "GET /x HTTP/1.1\r\nNo colon here"] {
            #expect(HTTPRequest(head: Array(head.utf8)) == nil, "\(head)")
        }
        // A control character in the target or a header: a line feed would reach a redirect's Location.
        for head in [
            "GET /pub?a\nSet-Cookie:%20x=1 HTTP/1.1\r\nHost: h\r\n", "GET /a\u{7F} HTTP/1.1\r\n",
            "GET /a\tb HTTP/1.1\r\n", "GET /x HTTP/1.1\r\nHost: h\nX-Injected: 1\r\n", "GET /x HTTP/1.1\r\nA: b\rc\r\n",
        ] {
            #expect(HTTPRequest(head: Array(head.utf8)) == nil, "\(head)")
        }
        #expect(HTTPRequest(head: Array("GET /caf%C3%A9/ HTTP/1.1\r\nX: a\tb\r\n".utf8))?.headers["x"] == "a\tb")
    }

    @Test("A response head carries its status, headers, length and connection")
    func responseHead() {
        let response = HTTPResponse.text(404, "gone")
        let head = String(decoding: response.head(keepAlive: true), as: UTF8.self)
        #expect(
            head == "HTTP/1.1 404 Not Found\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 4\r\n"
                + "Connection: keep-alive\r\n\r\n")
    }
}
