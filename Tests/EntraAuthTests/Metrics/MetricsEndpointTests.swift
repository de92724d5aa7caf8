import Foundation
import LoopbackSockets
import Testing

@testable import EntraAuth

/// The metrics listener: the HTTP it speaks, the addresses it accepts, and a real scrape over a loopback socket.
struct MetricsEndpointTests {
    func answer(_ head: String) -> (head: String, body: String) {
        let hosts = ["localhost:9464", "127.0.0.1:9464"]
        let text = String(
            decoding: MetricsHTTP.response(to: Array(head.utf8), hosts: hosts) { "sitegen_auth_x 1\n" }, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        return (parts[0], parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    @Test func getMetricsAnswersTheTextFormat() {
        let (head, body) = answer("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1:9464\r\nAccept: text/plain\r\n\r\n")
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(head.contains("\r\nContent-Type: text/plain; version=0.0.4; charset=utf-8"))
        #expect(head.contains("\r\nContent-Length: 17"))
        #expect(head.contains("\r\nConnection: close"))
        #expect(body == "sitegen_auth_x 1\n")
        #expect(answer("GET /metrics?name[]=x HTTP/1.0\r\nhost: LOCALHOST:9464\r\n\r\n").body == "sitegen_auth_x 1\n")
    }

    @Test func headHasTheLengthButNoBody() {
        let (head, body) = answer("HEAD /metrics HTTP/1.1\r\nHost: 127.0.0.1:9464\r\n\r\n")
        #expect(head.contains("Content-Length: 17"))
        #expect(body.isEmpty)
    }

    @Test(arguments: [
        ("GET / HTTP/1.1\r\nHost: localhost:9464\r\n\r\n", "404 Not Found"),
        ("GET /.auth/check HTTP/1.1\r\nHost: localhost:9464\r\n\r\n", "404 Not Found"),
        ("POST /metrics HTTP/1.1\r\nHost: localhost:9464\r\n\r\n", "405 Method Not Allowed"),
        ("hello\r\n\r\n", "400 Bad Request"),
        ("GET /metrics HTTP/2\r\n\r\n", "400 Bad Request"),
    ])
    func otherRequestsAreRefusedWithoutThePage(request: String, status: String) {
        let (head, body) = answer(request)
        #expect(head.hasPrefix("HTTP/1.1 \(status)\r\n"))
        #expect(!body.contains("sitegen_auth_x"))
    }

    @Test(arguments: [
        "Host: evil.example:9464", "Host: evil.example", "Host: 127.0.0.1", "Host: 127.0.0.1:9465",
        "Host: localhost:9464.evil.example", "X-Host: 127.0.0.1:9464", "Accept: */*",
    ])
    func aHostOtherThanTheAddressListenedOnIsMisdirected(header: String) {
        // A page on evil.example whose name resolves to 127.0.0.1 (DNS rebinding) sends its own name as Host.
        let (head, body) = answer("GET /metrics HTTP/1.1\r\n\(header)\r\n\r\n")
        #expect(head.hasPrefix("HTTP/1.1 421 Misdirected Request\r\n"))
        #expect(body.contains("localhost:9464"))
        #expect(!body.contains("sitegen_auth_x"))
    }

    @Test func aRequestHeadIsCompleteAtItsBlankLine() {
        #expect(!MetricsHTTP.isComplete(Array("GET /metrics HTTP/1.1\r\nHost: x\r\n".utf8)))
        #expect(MetricsHTTP.isComplete(Array("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n".utf8)))
        #expect(MetricsHTTP.isComplete(Array("GET /metrics HTTP/1.0\n\n".utf8)))
    }

    @Test(arguments: ["127.0.0.1:9464", "127.0.0.2:9464", "[::1]:9464", "localhost:9464"])
    func loopbackAddressesAreAccepted(text: String) throws {
        let address = try LoopbackAddress.metrics(text)
        #expect(address.isLoopback)
        #expect(address.text == text)
    }

    @Test(arguments: ["0.0.0.0:9464", "[::]:9464", "192.0.2.10:9464"])
    func otherAddressesNeedToBeAllowedExplicitly(text: String) throws {
        let refused = #expect(throws: AuthError.self) { try LoopbackAddress.metrics(text) }
        #expect(refused?.description.contains("not a loopback address") == true)
        #expect(refused?.description.contains("--metrics-allow-remote") == true)
        #expect(try !LoopbackAddress.metrics(text, allowRemote: true).isLoopback)
    }

    @Test(arguments: ["9464", "127.0.0.1", ":9464", "::1:9464", "127.0.0.1:65536", "127.0.0.1:http", "[::1]9464"])
    func malformedAddressesAreRefusedWithAnExample(text: String) {
        let refused = #expect(throws: AuthError.self) { try LoopbackAddress.metrics(text) }
        #expect(refused?.description.contains("127.0.0.1:9464") == true)
    }

    @Test func aScrapeOverTheSocketGetsThePage() throws {
        let harness = try AuthHarness()
        #expect(harness.get("/.auth/check", headers: ["X-Original-URI": "/"]).status == 204)
        let page = harness.metricsPage
        let listener = try MetricsListener(address: LoopbackAddress.metrics("127.0.0.1:0"), page: page.render)
        listener.start()
        #expect(listener.port > 0)

        let response = try Self.get("/metrics", port: listener.port)
        #expect(response.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(response.contains("\r\n\r\n# HELP sitegen_auth_build_info "))
        #expect(response.contains("\nsitegen_auth_checks_total{outcome=\"allowed\"} 1\n"))
        #expect(try Self.get("/", port: listener.port).hasPrefix("HTTP/1.1 404 "))
    }

    @Test func stalledConnectionsDoNotDelayAConcurrentScrape() throws {
        let listener = try MetricsListener(address: LoopbackAddress.metrics("127.0.0.1:0")) { "up 1\n" }
        listener.start()
        // More connections than the listener keeps open, sending nothing or a byte now and then, never a whole
        // head; the scrape after them is answered at once, not after their deadlines.
        let stalled = try (0..<70).map { _ in try TCPClient.connect(port: listener.port) }
        defer { for socket in stalled { close(socket) } }
        for socket in stalled.prefix(10) { _ = send(socket, "G", 1, Int32(MSG_NOSIGNAL)) }
        Thread.sleep(forTimeInterval: 0.1)
        let started = Date()
        let response = try Self.get("/metrics", port: listener.port)
        #expect(response.hasPrefix("HTTP/1.1 200 OK\r\n") && response.hasSuffix("up 1\n"))
        #expect(Date().timeIntervalSince(started) < 0.5, "answered while the stalled connections were open")
    }

    @Test func aConnectionThatSendsNoWholeHeadIsClosedWithinASecondOrSo() throws {
        let listener = try MetricsListener(address: LoopbackAddress.metrics("127.0.0.1:0")) { "up 1\n" }
        listener.start()
        let slow = try TCPClient.connect(port: listener.port)
        defer { close(slow) }
        let started = Date()
        var byte: UInt8 = 0
        while recv(slow, &byte, 1, Int32(MSG_DONTWAIT)) != 0, Date().timeIntervalSince(started) < 5 {
            _ = send(slow, "X", 1, Int32(MSG_NOSIGNAL))
            Thread.sleep(forTimeInterval: 0.1)
        }
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed >= 0.9 && elapsed < 2, "closed \(elapsed) s after connecting")
    }

    @Test func aScrapeNamingAnotherHostIsRefusedOverTheSocket() throws {
        let listener = try MetricsListener(address: LoopbackAddress.metrics("127.0.0.1:0")) { "up 1\n" }
        listener.start()
        #expect(
            try Self.get("/metrics", port: listener.port, host: "evil.example:\(listener.port)").hasPrefix(
                "HTTP/1.1 421 "))
        #expect(
            try Self.get("/metrics", port: listener.port, host: "127.0.0.1:\(listener.port)").hasPrefix(
                "HTTP/1.1 200 "))
    }

    @Test func aTakenPortIsAReadableError() throws {
        let first = try MetricsListener(address: LoopbackAddress.metrics("127.0.0.1:0")) { "" }
        let taken = #expect(throws: AuthError.self) {
            try MetricsListener(address: LoopbackAddress.metrics("127.0.0.1:\(first.port)")) { "" }
        }
        #expect(taken?.description.contains("cannot listen for metrics on 127.0.0.1:\(first.port)") == true)
    }

    /// One HTTP/1.1 request over a plain socket; the whole answer, read until the server closes.
    static func get(_ path: String, port: Int, host: String? = nil) throws -> String {
        try TCPClient.exchange("GET \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n\r\n", port: port)
    }
}
