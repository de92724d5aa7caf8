import Foundation

/// The page `GET /metrics` answers: the version, what was counted, then what is read when scraped — whether an
/// access manifest is in force and the provider ready, the sessions in the store, the process's own figures.
///
/// Scrape-time reads stay off the check path; the session count waits at most a second for the store.
public final class MetricsPage: Sendable {
    private let metrics: AuthMetrics
    private let manifest: ManifestStore
    private let provider: IdentityProvider
    private let liveSessions: TimedRead<Int>

    init(
        metrics: AuthMetrics, manifest: ManifestStore, provider: IdentityProvider, sessions: SessionRegistry,
        timeout: TimeInterval = 1
    ) {
        self.metrics = metrics
        self.manifest = manifest
        self.provider = provider
        liveSessions = TimedRead(timeout: timeout) { try? sessions.countLive() }
    }

    /// The page in the Prometheus text format (`PrometheusText.contentType`).
    public func render() -> String {
        PrometheusText.render(families())
    }

    func families() -> [MetricFamily] {
        var families: [MetricFamily] = [
            .gauge(
                "sitegen_auth_build_info", help: "Always 1; the version of sitegen-auth is in its label.",
                labels: [.init("version", BuildInfo.version)], .count(1))
        ]
        families += metrics.families()
        families += [
            .gauge(
                "sitegen_auth_manifest_loaded",
                help: "1 when an access manifest is in force; 0 when none is, and every check answers 503.",
                .count(manifest.current == nil ? 0 : 1)),
            .gauge(
                "sitegen_auth_provider_ready",
                help: "1 when the identity provider's discovery document and signing keys are loaded.",
                .count(provider.isReady ? 1 : 0)),
        ]
        if let live = liveSessions.value() {
            families.append(
                .gauge(
                    "sitegen_auth_sessions_active",
                    help: "Sessions in the session store that have not expired, read when scraped.",
                    .count(UInt64(live))))
        }
        return families + ProcessStatistics.families()
    }
}
