/// The series of a counter: one case per combination of label values, numbered from 0, so a counter has a fixed,
/// small set of series that a request can never add to.
protocol MetricSeries: RawRepresentable<Int>, CaseIterable, Sendable where AllCases == [Self] {
    /// The labels of this series, in the order the exposition writes them.
    var labels: [MetricLabel] { get }
}

/// The one series of a counter without labels.
enum NoLabels: Int, MetricSeries {
    case total

    var labels: [MetricLabel] { [] }
}

/// A count that only goes up, one per series, incremented lock-free from any thread.
///
/// ```swift
/// let checks = Counter<CheckOutcome>()
/// checks.increment(.allowed)
/// ```
final class Counter<Series: MetricSeries>: Sendable {
    private let cells = AtomicCells(count: Series.allCases.count)

    init() {
        precondition(
            Series.allCases.enumerated().allSatisfy { $0.offset == $0.element.rawValue },
            "the cases of \(Series.self) must be numbered 0, 1, 2, … in order")
    }

    @inline(__always)
    func increment(_ series: Series, by amount: UInt64 = 1) {
        cells.add(amount, at: series.rawValue)
    }

    func value(_ series: Series) -> UInt64 {
        cells.value(at: series.rawValue)
    }

    /// Every series, zeros included, so `rate()` sees a series from the start rather than from its first event.
    func family(_ name: String, help: String) -> MetricFamily {
        MetricFamily(
            name: name, help: help, kind: .counter,
            samples: Series.allCases.map {
                MetricFamily.Sample(name: name, labels: $0.labels, value: .count(value($0)))
            })
    }
}

extension Counter where Series == NoLabels {
    @inline(__always)
    func increment(by amount: UInt64 = 1) {
        increment(.total, by: amount)
    }

    var value: UInt64 { value(.total) }
}
