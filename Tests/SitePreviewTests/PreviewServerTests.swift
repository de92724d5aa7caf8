import Foundation
import SiteBuilder
import Testing

@testable import SitePreview

@Suite("The preview server, over a socket")
struct PreviewServerTests {
    @Test("Edits reload the page, a broken edit shows the overlay over the last good page, a fix recovers")
    func authoringLoop() async throws {
        let site = try PreviewSite()
        let lines = Lines()
        let server = try PreviewServer(
            options: PreviewOptions(build: site.buildOptions, port: 0, reader: .everyone)
        ) { lines.add($0) }
        let finished = DispatchSemaphore(value: 0)
        Thread {
            server.run()
            finished.signal()
        }.start()
        defer {
            server.stop()
            _ = finished.wait(timeout: .now() + 10)
        }
        let client = LoopbackClient(port: server.port)
        var first: (status: Int, body: String)?
        for _ in 0..<100 where first?.status != 200 {
            first = client.get("/guide/setup/")
            if first?.status != 200 { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(first?.status == 200 && first?.body.contains("SETUP-TEXT") == true)
        let events = try #require(client.events())
        defer { close(events) }
        let initial = try #require(client.nextBuild(from: events))

        try site.write("---\ntitle: Setup\n---\nEDITED-TEXT\n", to: "site/guide/setup.md")
        let edited = try #require(client.nextBuild(from: events))
        #expect(edited != initial)
        let page = client.get("/guide/setup/")
        #expect(page?.body.contains("EDITED-TEXT") == true && page?.body.contains("data-build=\"\(edited)\"") == true)

        try site.write("---\nweight: heavy\n---\nBROKEN-TEXT\n", to: "site/guide/setup.md")
        let broken = try #require(client.nextBuild(from: events))
        #expect(broken != edited)
        let overlaid = try #require(client.get("/guide/setup/"))
        #expect(
            overlaid.status == 200 && overlaid.body.contains("EDITED-TEXT") && !overlaid.body.contains("BROKEN-TEXT"))
        #expect(
            overlaid.body.contains("sitegen-serve-overlay") && overlaid.body.contains("guide/setup.md:2: front matter"))

        try site.write("---\ntitle: Setup\n---\nFIXED-TEXT\n", to: "site/guide/setup.md")
        _ = try #require(client.nextBuild(from: events))
        let fixed = try #require(client.get("/guide/setup/"))
        #expect(fixed.body.contains("FIXED-TEXT") && !fixed.body.contains("sitegen-serve-overlay"))
        #expect(!FileManager.default.fileExists(atPath: site.root + "/public"), "the preview never writes public/")
        #expect(lines.all.contains { $0.hasPrefix("Build failed with 1 error; the preview keeps serving") })
        #expect(
            lines.all.contains { $0.contains("guide/setup.md:2: front matter") }, "the terminal names the file and line"
        )
    }
}

private final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func add(_ line: String) {
        lock.withLock { lines.append(line) }
    }

    var all: [String] {
        lock.withLock { lines }
    }
}
