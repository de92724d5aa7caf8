/// What `sitegen-auth` counts while it serves, for `GET /metrics` (`--metrics-listen`).
///
/// One instance per process, handed to every part that counts; without `--metrics-listen` there is none, and
/// nothing is counted or timed. Everything the auth check touches is a lock-free atomic addition.
///
/// ```swift
/// let metrics = AuthMetrics()
/// let service = AuthService(config: config, metrics: metrics)
/// ```
public final class AuthMetrics: Sendable {
    let checks = Counter<CheckOutcome>()
    let checkDuration = Histogram(bounds: Histogram.checkBounds)
    let signIns = Counter<SignInOutcome>()
    let providerErrors = ProviderErrorCounter()
    let tokenEndpointDuration = Histogram(bounds: Histogram.networkBounds)
    let providerRefreshes = Counter<ProviderRefresh>()
    let manifestReloads = Counter<ReloadResult>()
    let sessionsStarted = Counter<NoLabels>()
    let sessionsEnded = Counter<SessionEnd>()
    let sessionStoreErrors = Counter<NoLabels>()
    let rechecks = Counter<RecheckOutcome>()
    let graphCalls = Counter<GraphCallOutcome>()
    let graphCallDuration = Histogram(bounds: Histogram.networkBounds)

    /// Metrics with every count at zero.
    public init() {}

    /// Counts one auth check answered with `status` after `nanoseconds`.
    @inline(__always)
    func recordCheck(status: Int, nanoseconds: UInt64) {
        checks.increment(CheckOutcome(status: status))
        checkDuration.observe(nanoseconds: nanoseconds)
    }

    /// The counted metrics as they stand.
    func families() -> [MetricFamily] {
        [
            checks.family(
                "sitegen_auth_checks_total",
                help: "Auth checks (nginx auth_request) answered, by outcome: allowed (2xx), sign_in_required (401), "
                    + "forbidden (403), error (5xx)."),
            checkDuration.family(
                "sitegen_auth_check_duration_seconds",
                help: "Time sitegen-auth took to decide an auth check, from the request to the answer (FastCGI I/O "
                    + "not included)."),
            signIns.family(
                "sitegen_auth_sign_ins_total",
                help: "Returns from the identity provider to the redirect URI, by outcome: signed_in, or why not."),
            providerErrors.family(
                "sitegen_auth_provider_errors_total",
                help: "Errors the identity provider answered a sign-in with, by OAuth error and Entra AADSTS code."),
            tokenEndpointDuration.family(
                "sitegen_auth_token_endpoint_duration_seconds",
                help: "Time the identity provider's token endpoint took to answer a code or refresh token redemption."),
            providerRefreshes.family(
                "sitegen_auth_provider_refreshes_total",
                help: "Fetches of the identity provider's discovery document (metadata) and signing keys, by result."),
            manifestReloads.family(
                "sitegen_auth_manifest_reloads_total",
                help: "Reads of a new or changed access manifest, by result; a broken one is retried every second."),
            sessionsStarted.family("sitegen_auth_sessions_started_total", help: "Sessions started by a sign-in."),
            sessionsEnded.family(
                "sitegen_auth_sessions_ended_total",
                help: "Sessions ended, by reason; revocations by `sitegen-auth sessions revoke` are not counted."),
            sessionStoreErrors.family(
                "sitegen_auth_session_store_errors_total", help: "Calls to the session store that failed."),
            rechecks.family(
                "sitegen_auth_rechecks_total",
                help:
                    "Re-checks of sessions with the identity provider (recheck_every), by outcome: kept, ended_disabled "
                    + "(invalid_grant), ended_other_user, ended_invalid_token, unreachable, no_refresh_token, "
                    + "grace_spent (ended)."),
            graphCalls.family(
                "sitegen_auth_graph_calls_total",
                help: "Calls to Microsoft Graph for the groups Entra left out of an ID token (overage), by outcome."),
            graphCallDuration.family(
                "sitegen_auth_graph_call_duration_seconds", help: "Time Microsoft Graph took to answer one call."),
        ]
    }
}
