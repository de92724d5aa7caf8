/// What a refused sign-in logs, counts and shows, decided from its error's kind in this one place.
///
/// ```swift
/// let refusal = SignInRefusal(error)
/// log.write(event: "signin_refused", refusal.logFields.merging(["correlation": id]) { $1 })
/// return refusal.page(correlation: id, retry: retry)
/// ```
struct SignInRefusal {
    /// Why the sign-in was refused.
    let error: AuthError

    /// Keeps `error`; anything that is not an `AuthError` is `unexpected`, counted as `failed`.
    init(_ error: any Error) {
        self.error = error as? AuthError ?? AuthError(.unexpected, "\(error)")
    }

    /// The `signin_refused` log line's fields, without the correlation id: the reason, and the provider's error and
    /// AADSTS code when it sent one.
    var logFields: [String: String] {
        guard let answer = error.provider else { return ["reason": error.message] }
        return ["reason": error.message, "error": answer.error, "code": answer.aadstsCode ?? ""]
    }

    /// The label `sitegen_auth_sign_ins_total` counts the refusal under.
    var outcome: SignInOutcome {
        switch error.kind {
        case .expiredAttempt: .expiredAttempt
        case .reusedAttempt: .reusedAttempt
        case .noCode: .noCode
        case .providerRefused: .providerError
        case .unmatchedProviderError: .badRequest
        case .invalidToken, .malformedToken: .invalidToken
        case .tenantNotAllowed: .tenantNotAllowed
        case .groupsOverage: .groupsOverage
        case .graphUnavailable, .graphRefused: .graphError
        case .sessionStore: .sessionStoreError
        case .providerUnavailable, .providerUnreachable: .providerUnreachable
        default: .failed
        }
    }

    /// Counts the refusal, and the provider's error by OAuth error and AADSTS code when it sent one for an attempt
    /// this browser started (an error without a matching state is only `bad_request`: anyone can make one up).
    func count(in metrics: AuthMetrics?) {
        guard let metrics else { return }
        metrics.signIns.increment(outcome)
        if error.kind == .providerRefused, let answer = error.provider {
            metrics.providerErrors.record(error: answer.error, description: answer.description)
        }
    }

    /// The page the reader sees; `retry` starts the sign-in again towards the page they wanted.
    func page(correlation: String, retry: String) -> Response {
        switch error.kind {
        case .expiredAttempt, .reusedAttempt:
            return SignInPages.expiredAttempt(correlation: correlation)
        case .providerRefused, .unmatchedProviderError:
            let answer = error.provider ?? AuthError.ProviderAnswer(error: "unknown_error", description: "")
            return SignInPages.providerError(answer, correlation: correlation, retry: retry)
        case .noCode:
            return SignInPages.refusal(
                "The sign-in response had no authorization code.", correlation: correlation, retry: retry)
        case .sessionStore:
            return SignInPages.refusal(
                "This site cannot store sessions right now, so you were not signed in. Please try again in a minute.",
                correlation: correlation, retry: retry, status: 503)
        case .groupsOverage:
            return SignInPages.refusal(
                "Your account belongs to so many groups that neither Microsoft Entra nor Microsoft Graph listed "
                    + "them, and this site cannot decide what you may read. Administrator: use app roles, or "
                    + "configure the app registration to emit only groups assigned to the application.",
                correlation: correlation, retry: retry)
        case .graphUnavailable:
            var page = SignInPages.refusal(
                "This site reads your groups from Microsoft Graph, which could not be reached just now, so you were "
                    + "not signed in. Please try again in a minute.",
                correlation: correlation, retry: retry, status: 503)
            // What Graph asked for, so a client that reads it (and a load balancer) waits as long.
            if let wait = error.retryAfter { page.headers.append(("Retry-After", "\(wait)")) }
            return page
        case .graphRefused:
            return SignInPages.refusal(
                "This site reads your groups from Microsoft Graph, which refused to list them, so you were not "
                    + "signed in. Administrator: the app registration needs the delegated Microsoft Graph permission "
                    + "User.Read, consented for your organisation.",
                correlation: correlation, retry: retry, status: 502)
        case .tenantNotAllowed:
            return SignInPages.refusal(
                "Accounts from your organisation are not allowed to sign in to this site.",
                correlation: correlation, retry: retry)
        case .invalidToken, .malformedToken:
            return SignInPages.refusal(
                "The sign-in response could not be verified, so you were not signed in.",
                correlation: correlation, retry: retry)
        default:
            return SignInPages.refusal(
                "The sign-in service could not complete the sign-in. Please try again.",
                correlation: correlation, retry: retry, status: 502)
        }
    }
}
