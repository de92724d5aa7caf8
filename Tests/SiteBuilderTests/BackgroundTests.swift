import Foundation
import Testing

@testable import SiteBuilder

@Suite("Values worked out in the background")
struct BackgroundTests {
    @Test("A value started while the global queue's threads are all busy is worked out at once, not after them")
    func startsAtOnce() throws {
        let release = DispatchSemaphore(value: 0)
        let busy = DispatchGroup()
        let threads = ProcessInfo.processInfo.activeProcessorCount
        for _ in 0..<threads {
            DispatchQueue.global().async(group: busy) { release.wait() }
        }
        defer {
            for _ in 0..<threads { release.signal() }
            busy.wait()
        }
        let done = DispatchSemaphore(value: 0)
        let value = Background {
            done.signal()
            return 42
        }
        #expect(done.wait(timeout: .now() + 0.5) == .success, "it waited for a thread of the global queue")
        #expect(value.value == 42)
    }

    @Test("A value not waited for until later is worked out on a thread that yields the cores, the caller's unchanged")
    func laterYields() {
        let callerNice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        let nice = Background.later { getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) }
        #expect(nice.value >= Background<Int32>.laterNice)
        #expect(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) == callerNice)
        // A value the build waits on soon does not yield.
        #expect(
            Background { getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) }.value < Background<Int32>.laterNice
        )
    }

    @Test("A ready value is given as it is")
    func ready() {
        #expect(Background(ready: "made").value == "made")
    }
}
