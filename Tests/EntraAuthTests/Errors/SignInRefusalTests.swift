import Testing

@testable import EntraAuth

/// One place decides what a refused sign-in logs, counts and shows: the table below pins it for every kind.
struct SignInRefusalTests {
    struct Row: Sendable, CustomStringConvertible {
        let kind: AuthError.Kind
        let label: String
        let status: Int
        let page: String
        var description: String { kind.description }
    }

    static let rows: [Row] = [
        Row(kind: .expiredAttempt, label: "expired_attempt", status: 400, page: "This sign-in link has expired"),
        Row(kind: .reusedAttempt, label: "reused_attempt", status: 400, page: "This sign-in link has expired"),
        Row(kind: .noCode, label: "no_code", status: 403, page: "no authorization code"),
        Row(kind: .invalidToken, label: "invalid_token", status: 403, page: "could not be verified"),
        Row(kind: .malformedToken, label: "invalid_token", status: 403, page: "could not be verified"),
        Row(kind: .tenantNotAllowed, label: "tenant_not_allowed", status: 403, page: "organisation are not allowed"),
        Row(kind: .groupsOverage, label: "groups_overage", status: 403, page: "use app roles"),
        Row(kind: .graphUnavailable, label: "graph_error", status: 503, page: "could not be reached just now"),
        Row(kind: .graphRefused, label: "graph_error", status: 502, page: "permission User.Read"),
        Row(kind: .sessionStore, label: "session_store_error", status: 503, page: "cannot store sessions"),
        Row(kind: .providerUnavailable, label: "provider_unreachable", status: 502, page: "could not complete"),
        Row(kind: .providerUnreachable, label: "provider_unreachable", status: 502, page: "could not complete"),
        Row(kind: .crypto, label: "failed", status: 502, page: "could not complete"),
        Row(kind: .config, label: "failed", status: 502, page: "could not complete"),
    ]

    @Test(arguments: rows) func eachKindHasOneLabelStatusAndPage(row: Row) {
        let refusal = SignInRefusal(AuthError(row.kind, "the reason"))
        #expect(refusal.outcome.labels.map(\.value) == [row.label])
        #expect(refusal.logFields == ["reason": "the reason"])
        let page = refusal.page(correlation: "c0ffee", retry: "/.auth/login?rd=%2Fdocs%2F")
        #expect(page.status == row.status)
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(html.contains(row.page))
        #expect(html.contains("c0ffee"))
    }

    @Test func aProviderRefusalLogsAndShowsTheProvidersErrorAndCode() {
        let refusal = SignInRefusal(
            AuthError.providerRefused(
                "token endpoint refused the code", error: "invalid_grant",
                description: "AADSTS70008: The code has expired."))
        #expect(refusal.outcome == .providerError)
        #expect(
            refusal.logFields == [
                "reason": "token endpoint refused the code", "error": "invalid_grant", "code": "AADSTS70008",
            ])
        let page = refusal.page(correlation: "c0ffee", retry: "/.auth/login?rd=%2Fdocs%2F")
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(page.status == 403)
        #expect(html.contains("do not match its app registration"))
        #expect(html.contains("AADSTS70008"))
        #expect(html.contains("/.auth/login?rd=%2Fdocs%2F"))
    }

    @Test func aRefusalIsCountedOnceWithTheProvidersError() {
        let metrics = AuthMetrics()
        SignInRefusal(AuthError.providerRefused("provider error", error: "access_denied", description: "AADSTS65004"))
            .count(in: metrics)
        SignInRefusal(AuthError(.sessionStore, "down")).count(in: metrics)
        let text = PrometheusText.render(metrics.families())
        #expect(text.contains(#"sitegen_auth_sign_ins_total{outcome="provider_error"} 1"#))
        #expect(text.contains(#"sitegen_auth_sign_ins_total{outcome="session_store_error"} 1"#))
        #expect(text.contains(#"sitegen_auth_provider_errors_total{error="access_denied",code="AADSTS65004"} 1"#))
    }

    @Test func anErrorThatIsNoAuthErrorCountsAsFailed() {
        struct Other: Error {}
        let refusal = SignInRefusal(Other())
        #expect(refusal.outcome == .failed)
        #expect(refusal.page(correlation: "c", retry: "/").status == 502)
    }
}
