import Foundation
import Testing

@testable import SiteBuilder

@Suite("Work on all cores")
struct ParallelTests {
    /// The counts a progress callback was given, from any thread.
    final class Reported: @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [Int] = []

        func add(_ count: Int) {
            // A slow report for some counts, so that a worker reporting a later count could overtake it.
            if count % 4 == 2 { usleep(2_000) }
            lock.withLock { counts.append(count) }
        }

        var all: [Int] { lock.withLock { counts } }
    }

    @Test(
        "Results keep their order, and progress is reported in order, at most about a hundred times, ending with the total"
    )
    func progressInOrder() {
        for count in [0, 1, 7, 200, 5_000] {
            let reported = Reported()
            let results = concurrentMap(Array(0..<count), onProgress: reported.add) { number in
                usleep(UInt32(number % 3) * 100)
                return number * 2
            }
            #expect(results == (0..<count).map { $0 * 2 })
            let counts = reported.all
            #expect(counts.last == (count == 0 ? nil : count), "\(counts)")
            #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 < $1 }, "\(counts)")
            #expect(counts.count <= 101, "\(counts.count) reports")
        }
    }
}
