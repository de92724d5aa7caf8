import Foundation
import Testing

@testable import SiteBuilder

@Suite("What a build leaves behind")
struct BuildLeftoversTests {
    /// Says on which thread it was freed.
    private final class Watched: @unchecked Sendable {
        let freed: (pthread_t) -> Void
        init(freed: @escaping (pthread_t) -> Void) { self.freed = freed }
        deinit { freed(pthread_self()) }
    }

    /// The thread that freed the one `Watched` kept, or nil when it is not freed within a second.
    private final class FreedOn: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var thread: pthread_t?

        func record(_ thread: pthread_t) {
            self.thread = thread
            done.signal()
        }

        func wait() -> pthread_t? {
            done.wait(timeout: .now() + 1) == .success ? thread : nil
        }
    }

    @Test("In a process that goes on, what the build kept is freed on another thread once it is released")
    func freedAside() throws {
        let freedOn = FreedOn()
        let leftovers = BuildLeftovers(freedAtExit: false)
        leftovers.keep(Watched(freed: freedOn.record))
        leftovers.release()
        let thread = try #require(freedOn.wait())
        #expect(pthread_equal(thread, pthread_self()) == 0)
    }

    @Test("In a process that ends with the build, what the build kept is never freed")
    func keptUntilExit() {
        let freedOn = FreedOn()
        weak var watched: Watched?
        do {
            let leftovers = BuildLeftovers(freedAtExit: true)
            let kept = Watched(freed: freedOn.record)
            watched = kept
            leftovers.keep(kept)
            leftovers.release()
        }
        #expect(freedOn.wait() == nil)
        #expect(watched != nil)
    }
}
