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

    @Test("Results keep their order, and progress is reported in order, ending with the total")
    func progressInOrder() {
        for _ in 0..<5 {
            let reported = Reported()
            let results = concurrentMap(Array(0..<200), onProgress: reported.add) { number in
                usleep(UInt32(number % 3) * 100)
                return number * 2
            }
            #expect(results == (0..<200).map { $0 * 2 })
            #expect(reported.all == Array(stride(from: 2, through: 200, by: 2)), "\(reported.all)")
        }
    }
}
