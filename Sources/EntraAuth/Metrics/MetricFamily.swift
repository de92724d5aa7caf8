/// One metric as a scrape shows it: its name, what it means, its type and its samples at that moment.
struct MetricFamily: Sendable, Equatable {
    /// The Prometheus metric type.
    enum Kind: String, Sendable {
        case counter
        case gauge
        case histogram
    }

    /// One line of the exposition: a sample name (the family's, or with `_bucket`, `_sum`, `_count`), labels, value.
    struct Sample: Sendable, Equatable {
        var name: String
        var labels: [MetricLabel]
        var value: MetricValue

        init(name: String, labels: [MetricLabel] = [], value: MetricValue) {
            self.name = name
            self.labels = labels
            self.value = value
        }
    }

    var name: String
    var help: String
    var kind: Kind
    var samples: [Sample]

    /// A gauge with one sample.
    static func gauge(_ name: String, help: String, labels: [MetricLabel] = [], _ value: MetricValue) -> MetricFamily {
        MetricFamily(name: name, help: help, kind: .gauge, samples: [Sample(name: name, labels: labels, value: value)])
    }
}

/// A label of a sample: `outcome="allowed"`.
struct MetricLabel: Sendable, Equatable {
    var name: String
    var value: String

    /// A label `name="value"`.
    init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// A sample's value: a count, written as an integer, or a real number such as seconds or bytes.
enum MetricValue: Sendable, Equatable {
    case count(UInt64)
    case real(Double)

    /// As the text format writes it: `12`, `0.000125`, `1.5e-05`, `+Inf`.
    var text: String {
        switch self {
        case .count(let value): String(value)
        case .real(let value) where value == .infinity: "+Inf"
        case .real(let value) where value == -.infinity: "-Inf"
        case .real(let value) where value.isNaN: "NaN"
        case .real(let value) where value == value.rounded() && abs(value) < 1e15: String(Int64(value))
        case .real(let value): String(value)
        }
    }
}
