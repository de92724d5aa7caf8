import Testing

@testable import EntraAuth

/// The text exposition format, byte for byte: what Prometheus parses.
struct PrometheusTextTests {
    @Test func aKnownStateIsWrittenExactly() {
        let checks = Counter<CheckOutcome>()
        checks.increment(.allowed, by: 3)
        checks.increment(.signInRequired)
        let duration = Histogram(bounds: Histogram.bounds(["0.0001", "0.001"]))
        duration.observe(nanoseconds: 50_000)
        duration.observe(nanoseconds: 100_000)
        duration.observe(nanoseconds: 2_000_000)
        let errors = ProviderErrorCounter()
        errors.record(error: "access_denied", description: "AADSTS65004: User declined to consent.")
        errors.record(error: "made_up", description: "AADSTS1")

        let text = PrometheusText.render([
            checks.family("sitegen_auth_checks_total", help: "Checks."),
            duration.family("sitegen_auth_check_duration_seconds", help: "Check time."),
            errors.family("sitegen_auth_provider_errors_total", help: "Errors."),
            .gauge("sitegen_auth_manifest_loaded", help: "Loaded.", .count(1)),
        ])

        #expect(
            text == """
                # HELP sitegen_auth_checks_total Checks.
                # TYPE sitegen_auth_checks_total counter
                sitegen_auth_checks_total{outcome="allowed"} 3
                sitegen_auth_checks_total{outcome="sign_in_required"} 1
                sitegen_auth_checks_total{outcome="forbidden"} 0
                sitegen_auth_checks_total{outcome="error"} 0
                # HELP sitegen_auth_check_duration_seconds Check time.
                # TYPE sitegen_auth_check_duration_seconds histogram
                sitegen_auth_check_duration_seconds_bucket{le="0.0001"} 2
                sitegen_auth_check_duration_seconds_bucket{le="0.001"} 2
                sitegen_auth_check_duration_seconds_bucket{le="+Inf"} 3
                sitegen_auth_check_duration_seconds_sum 0.00215
                sitegen_auth_check_duration_seconds_count 3
                # HELP sitegen_auth_provider_errors_total Errors.
                # TYPE sitegen_auth_provider_errors_total counter
                sitegen_auth_provider_errors_total{error="access_denied",code="AADSTS65004"} 1
                sitegen_auth_provider_errors_total{error="other",code="other"} 1
                # HELP sitegen_auth_manifest_loaded Loaded.
                # TYPE sitegen_auth_manifest_loaded gauge
                sitegen_auth_manifest_loaded 1

                """)
    }

    /// `"\r\n"` is one Swift character; its line feed must still be escaped, or a label could forge a sample.
    @Test func aLineFeedAfterACarriageReturnIsEscapedToo() {
        #expect(PrometheusText.escapedLabelValue("a\r\nb\"\u{301}") == "a\r\\nb\\\"\u{301}")
        #expect(PrometheusText.escapedHelp("a\r\nb") == "a\r\\nb")
    }

    @Test func labelValuesEscapeBackslashQuoteAndLineFeed() {
        let family = MetricFamily.gauge(
            "sitegen_test", help: #"A "help" with a \ and"# + "\na second line.",
            labels: [.init("path", #"C:\sites "main""# + "\nnext")], .count(7))
        #expect(
            PrometheusText.render([family]) == #"""
                # HELP sitegen_test A "help" with a \\ and\na second line.
                # TYPE sitegen_test gauge
                sitegen_test{path="C:\\sites \"main\"\nnext"} 7

                """#)
    }

    @Test(arguments: [
        (MetricValue.count(12), "12"), (.real(44_556_288), "44556288"), (.real(0.000125), "0.000125"),
        (.real(1.5e-05), "1.5e-05"), (.real(.infinity), "+Inf"), (.real(0), "0"),
    ])
    func valuesAreWrittenAsPrometheusParsesThem(value: MetricValue, text: String) {
        #expect(value.text == text)
    }

    /// Names follow the Prometheus conventions: the prefix, `_total` on counters, base units, one family per name.
    @Test func everyCountedMetricIsNamedByTheConventions() {
        let families = AuthMetrics().families()
        #expect(families.count >= 10)
        #expect(Set(families.map(\.name)).count == families.count)
        for family in families {
            #expect(family.name.hasPrefix("sitegen_auth_"))
            #expect(!family.help.isEmpty)
            switch family.kind {
            case .counter: #expect(family.name.hasSuffix("_total"), "\(family.name)")
            case .histogram: #expect(family.name.hasSuffix("_seconds"), "\(family.name)")
            case .gauge: #expect(!family.name.hasSuffix("_total"), "\(family.name)")
            }
        }
    }

    @Test func aHistogramCountsAnObservationOnABoundIntoThatBucket() {
        let histogram = Histogram(bounds: Histogram.checkBounds)
        histogram.observe(nanoseconds: 10_000)
        histogram.observe(nanoseconds: 10_001)
        histogram.observe(nanoseconds: 5_000_000_000)
        let buckets = histogram.family("h_seconds", help: "h").samples.filter { $0.name == "h_seconds_bucket" }
        #expect(buckets.first == .init(name: "h_seconds_bucket", labels: [.init("le", "0.00001")], value: .count(1)))
        #expect(buckets[1] == .init(name: "h_seconds_bucket", labels: [.init("le", "0.000025")], value: .count(2)))
        #expect(buckets.dropLast().last?.value == .count(2))
        #expect(buckets.last == .init(name: "h_seconds_bucket", labels: [.init("le", "+Inf")], value: .count(3)))
        #expect(histogram.count == 3)
    }
}
