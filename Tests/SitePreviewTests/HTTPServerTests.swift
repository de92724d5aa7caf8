import Foundation
import Testing

@testable import SitePreview

@Suite("The preview's HTTP server")
struct HTTPServerTests {
    @Test("A request head that is late and connections beyond the limit are closed; the others are served")
    func limits() throws {
        let server = try HTTPServer(port: 0, maximumConnections: 2, headTimeout: 1) { _ in .text(200, "ok\n") }
        server.start()
        defer { server.stop() }
        let client = LoopbackClient(port: server.port)
        let idle = try #require(client.connect())
        let trickled = try #require(client.connect())
        defer {
            close(idle)
            close(trickled)
        }
        Thread.sleep(forTimeInterval: 0.2)
        let beyond = try #require(client.connect())
        defer { close(beyond) }
        #expect(client.closedUnanswered(beyond, seconds: 0.5), "a third connection is closed as it is accepted")
        // 1.75 s of bytes 50 ms apart: no read waits a second, but the head is not complete in one.
        for byte in "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" {
            client.send(trickled, String(byte))
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(client.closedUnanswered(trickled, seconds: 0.3), "a head a byte at a time still has to arrive in time")
        #expect(client.closedUnanswered(idle, seconds: 3))
        Thread.sleep(forTimeInterval: 0.2)
        #expect(client.get("/")?.status == 200, "closed connections make room")
    }
}
