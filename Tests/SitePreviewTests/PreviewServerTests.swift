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

    @Test("A rule changed while previewing is the rule the next build's pages are served by")
    func ruleChanged() async throws {
        let site = try PreviewSite()
        let server = try PreviewServer(
            options: PreviewOptions(build: site.buildOptions, port: 0, reader: try PreviewReader(parsing: "signed-in"))
        ) { _ in }
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
        var guide: (status: Int, body: String)?
        for _ in 0..<100 where guide?.status != 200 {
            guide = client.get("/guide/")
            if guide?.status != 200 { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(guide?.status == 200)
        let events = try #require(client.events())
        defer { close(events) }
        _ = try #require(client.nextBuild(from: events))
        let refused = try #require(client.get("/finance/"))
        #expect(refused.status == 403 && !refused.body.contains("FINANCE-TEXT"))

        try site.write("---\ntitle: Finance\nweight: 3\n---\nFINANCE-TEXT\n", to: "site/finance/index.md")
        _ = try #require(client.nextBuild(from: events))
        let opened = try #require(client.get("/finance/"))
        #expect(opened.status == 200 && opened.body.contains("FINANCE-TEXT"))

        try site.write(
            "---\ntitle: Guide\nweight: 2\naccess: { roles: [Guide.Read] }\n---\nGUIDE-TEXT\n",
            to: "site/guide/index.md")
        _ = try #require(client.nextBuild(from: events))
        let closed = try #require(client.get("/guide/"))
        #expect(closed.status == 403 && !closed.body.contains("GUIDE-TEXT"))
    }

    @Test("A file saved while the first build runs, or just after, is built")
    func savedDuringFirstBuild() async throws {
        let site = try PreviewSite()
        let file = site.root + "/site/guide/setup.md"
        // Said once the first build has read every file, before the preview serves it.
        let server = try PreviewServer(options: PreviewOptions(build: site.buildOptions, port: 0, reader: .everyone)) {
            if $0.hasPrefix("Built ") {
                _ = FileManager.default.createFile(
                    atPath: file, contents: Data("---\ntitle: Setup\n---\nSAVED-EARLY\n".utf8))
            }
        }
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
        var page: (status: Int, body: String)?
        for _ in 0..<100 where page?.body.contains("SAVED-EARLY") != true {
            page = client.get("/guide/setup/")
            if page?.body.contains("SAVED-EARLY") != true { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(page?.status == 200 && page?.body.contains("SAVED-EARLY") == true)
    }

    @Test("The preview tells how each build gets on, as sitegen build does")
    func progress() async throws {
        let site = try PreviewSite()
        let rendered = Lines()
        let options = PreviewOptions(build: site.buildOptions, port: 0, reader: .everyone) { event in
            if case .itemsDone(.renderPages, let done, let total) = event { rendered.add("\(done)/\(total)") }
        }
        let server = try PreviewServer(options: options) { _ in }
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
        var home: (status: Int, body: String)?
        for _ in 0..<100 where home?.status != 200 {
            home = client.get("/")
            if home?.status != 200 { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(home?.status == 200)
        let pages = PreviewSite.pages.keys.filter { $0.hasSuffix(".md") }.count
        #expect(rendered.all.last == "\(pages)/\(pages)")
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
