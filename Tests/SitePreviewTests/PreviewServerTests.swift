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
        let preview = try RunningPreview(PreviewOptions(build: site.buildOptions, port: 0, reader: .everyone)) {
            lines.add($0)
        }
        defer { preview.stop() }
        let client = preview.client
        let first = try await preview.get("/guide/setup/") { $0.status == 200 }
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
        let preview = try RunningPreview(
            PreviewOptions(build: site.buildOptions, port: 0, reader: try PreviewReader(parsing: "signed-in")))
        defer { preview.stop() }
        let client = preview.client
        let guide = try await preview.get("/guide/") { $0.status == 200 }
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

    @Test(
        "A rule naming an address admits its reader only with --allow-email-rules, as with allow_email_rules in auth.toml",
        arguments: [false, true])
    func emailRules(allowed: Bool) async throws {
        let site = try PreviewSite()
        try site.write(
            "---\ntitle: Chair\naccess: { emails: [ceo@contoso.example] }\n---\nCHAIR-TEXT\n", to: "site/chair.md")
        let preview = try RunningPreview(
            PreviewOptions(
                build: site.buildOptions, port: 0, reader: try PreviewReader(parsing: "email:ceo@contoso.example"),
                allowsEmailRules: allowed))
        defer { preview.stop() }
        let chair = try await preview.get("/chair/") { [200, 403].contains($0.status) }
        #expect(chair?.status == (allowed ? 200 : 403))
        #expect(chair?.body.contains("CHAIR-TEXT") == allowed)
    }

    @Test("A file saved while the first build runs, or just after, is built")
    func savedDuringFirstBuild() async throws {
        let site = try PreviewSite()
        let file = site.root + "/site/guide/setup.md"
        // Said once the first build has read every file, before the preview serves it.
        let preview = try RunningPreview(PreviewOptions(build: site.buildOptions, port: 0, reader: .everyone)) {
            if $0.hasPrefix("Built ") {
                _ = FileManager.default.createFile(
                    atPath: file, contents: Data("---\ntitle: Setup\n---\nSAVED-EARLY\n".utf8))
            }
        }
        defer { preview.stop() }
        let page = try await preview.get("/guide/setup/") { $0.body.contains("SAVED-EARLY") }
        #expect(page?.status == 200 && page?.body.contains("SAVED-EARLY") == true)
    }

    @Test("A file a page includes from outside the site folder is watched: editing it rebuilds, as does a new one")
    func includedFilesWatched() async throws {
        let site = try PreviewSite()
        try site.write("FIRST-NOTE\n", to: "listings/note.md")
        try site.write("{{#include ../listings/note.md}}\n", to: "site/included.md")
        let preview = try RunningPreview(PreviewOptions(build: site.buildOptions, port: 0, reader: .everyone))
        defer { preview.stop() }
        let first = try await preview.get("/included/") { $0.body.contains("FIRST-NOTE") }
        #expect(first?.body.contains("FIRST-NOTE") == true)
        try site.write("SECOND-NOTE\n", to: "listings/note.md")
        let second = try await preview.get("/included/") { $0.body.contains("SECOND-NOTE") }
        #expect(second?.body.contains("SECOND-NOTE") == true)
        // A page that starts including another file outside the site folder: that file is watched from then on.
        try site.write("OTHER-NOTE\n", to: "listings/other.md")
        try site.write("{{#include ../listings/other.md}}\n", to: "site/included.md")
        _ = try await preview.get("/included/") { $0.body.contains("OTHER-NOTE") }
        try site.write("OTHER-EDITED\n", to: "listings/other.md")
        let edited = try await preview.get("/included/") { $0.body.contains("OTHER-EDITED") }
        #expect(edited?.body.contains("OTHER-EDITED") == true)
    }

    @Test("The preview tells how each build gets on, as sitegen build does")
    func progress() async throws {
        let site = try PreviewSite()
        let rendered = Lines()
        let options = PreviewOptions(build: site.buildOptions, port: 0, reader: .everyone) { event in
            if case .itemsDone(.renderPages, let done, let total) = event { rendered.add("\(done)/\(total)") }
        }
        let preview = try RunningPreview(options)
        defer { preview.stop() }
        let home = try await preview.get("/") { $0.status == 200 }
        #expect(home?.status == 200)
        let pages = PreviewSite.pages.keys.filter { $0.hasSuffix(".md") }.count
        #expect(rendered.all.last == "\(pages)/\(pages)")
    }
}

/// A preview server run on a thread of its own for one test, and a client of it; `stop()` ends it and waits
/// until it has.
private final class RunningPreview {
    private let server: PreviewServer
    let client: LoopbackClient
    private let finished = DispatchSemaphore(value: 0)

    init(_ options: PreviewOptions, log: @escaping @Sendable (String) -> Void = { _ in }) throws {
        server = try PreviewServer(options: options, log: log)
        client = LoopbackClient(port: server.port)
        let (server, finished) = (server, finished)
        Thread {
            server.run()
            finished.signal()
        }.start()
    }

    func stop() {
        server.stop()
        _ = finished.wait(timeout: .now() + 10)
    }

    /// GETs `target` every tenth of a second until an answer satisfies `done`, for at most 10 s; the last answer.
    func get(_ target: String, until done: ((status: Int, body: String)) -> Bool) async throws -> (
        status: Int, body: String
    )? {
        var answer: (status: Int, body: String)?
        for _ in 0..<100 {
            answer = client.get(target)
            if let answer, done(answer) { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        return answer
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
