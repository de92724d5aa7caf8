import Foundation
import Testing

@testable import SitePreview

@Suite("Live reload events")
struct ReloadChannelTests {
    @Test("A stream sends the current build at once, each new build, keep-alives, and ends when closed")
    func stream() async throws {
        let channel = ReloadChannel(build: "b1", keepAliveSeconds: 0.2)
        let events = Collected()
        let done = DispatchSemaphore(value: 0)
        Thread {
            channel.stream.run { event in
                events.add(event)
                return true
            }
            done.signal()
        }.start()
        try await Task.sleep(for: .milliseconds(100))
        channel.publish("b2")
        try await Task.sleep(for: .milliseconds(400))
        channel.close()
        #expect(done.wait(timeout: .now() + 2) == .success)
        let all = events.all
        #expect(all.first == "retry: 1000\nevent: build\ndata: b1\n\n")
        #expect(all.contains("event: build\ndata: b2\n\n"))
        #expect(all.contains(": keep-alive\n\n"))
    }

    @Test("A stream ends as soon as the client is gone")
    func clientGone() {
        let channel = ReloadChannel(build: "b1")
        var sent = 0
        channel.stream.run { _ in
            sent += 1
            return false
        }
        #expect(sent == 1)
    }
}

private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [String] = []

    func add(_ event: String) {
        lock.withLock { events.append(event) }
    }

    var all: [String] {
        lock.withLock { events }
    }
}
