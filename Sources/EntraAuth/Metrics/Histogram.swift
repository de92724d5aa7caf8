/// How long something took, counted into buckets by upper bound, lock-free: an observation is a linear scan of a
/// dozen bounds and two atomic additions (its bucket and the sum).
///
/// Buckets are kept apart and made cumulative only when scraped, so one observation touches one bucket, not all
/// those above it. The count is the sum of the buckets, so `_count` always equals the `+Inf` bucket.
final class Histogram: Sendable {
    /// A bucket's upper bound: the `le` label exactly as written, and the same bound in nanoseconds.
    struct Bound: Sendable {
        let label: String
        let nanoseconds: UInt64
    }

    /// From 10 µs to 1 s: a check answers in tens of microseconds; the slow end is a session store that hesitates.
    static let checkBounds = bounds([
        "0.00001", "0.000025", "0.00005", "0.0001", "0.00025", "0.0005", "0.001", "0.0025", "0.005", "0.01", "0.025",
        "0.1", "1",
    ])
    /// From 25 ms to 10 s: a round trip to Entra, up to the HTTP client's 5 s timeout and beyond.
    static let networkBounds = bounds(["0.025", "0.05", "0.1", "0.25", "0.5", "1", "2.5", "5", "10"])

    private let bounds: [Bound]
    /// The bounds in nanoseconds alone, scanned by every observation.
    private let limits: [UInt64]
    /// One cell per bound, one for `+Inf`, and the sum in nanoseconds last.
    private let cells: AtomicCells

    init(bounds: [Bound]) {
        self.bounds = bounds
        limits = bounds.map(\.nanoseconds)
        cells = AtomicCells(count: bounds.count + 2)
    }

    func observe(nanoseconds: UInt64) {
        var index = 0
        while index < limits.count, nanoseconds > limits[index] { index += 1 }
        cells.add(1, at: index)
        cells.add(nanoseconds, at: limits.count + 1)
    }

    /// Observes the time since `started`, a reading of `MonotonicClock`.
    func observe(since started: UInt64) {
        observe(nanoseconds: MonotonicClock.nanoseconds() &- started)
    }

    var count: UInt64 { (0...bounds.count).reduce(0) { $0 + cells.value(at: $1) } }

    func family(_ name: String, help: String) -> MetricFamily {
        var samples: [MetricFamily.Sample] = []
        var cumulative: UInt64 = 0
        for (index, bound) in bounds.enumerated() {
            cumulative += cells.value(at: index)
            samples.append(.init(name: name + "_bucket", labels: [.init("le", bound.label)], value: .count(cumulative)))
        }
        cumulative += cells.value(at: bounds.count)
        let seconds = Double(cells.value(at: bounds.count + 1)) / 1e9
        samples += [
            .init(name: name + "_bucket", labels: [.init("le", "+Inf")], value: .count(cumulative)),
            .init(name: name + "_sum", labels: [], value: .real(seconds)),
            .init(name: name + "_count", labels: [], value: .count(cumulative)),
        ]
        return MetricFamily(name: name, help: help, kind: .histogram, samples: samples)
    }

    static func bounds(_ labels: [String]) -> [Bound] {
        labels.map { label in
            guard let seconds = Double(label) else { preconditionFailure("bucket bound \(label) is not a number") }
            return Bound(label: label, nanoseconds: UInt64((seconds * 1e9).rounded()))
        }
    }
}
