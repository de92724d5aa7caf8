/// How an auth check was answered.
enum CheckOutcome: Int, MetricSeries {
    /// 2xx: nginx serves the file.
    case allowed
    /// 401: nginx sends the reader to sign in.
    case signInRequired
    /// 403: signed in, but not allowed this path.
    case forbidden
    /// 5xx: no manifest in force, the session store unreachable, a broken nginx configuration.
    case error

    init(status: Int) {
        switch status {
        case 200..<300: self = .allowed
        case 401: self = .signInRequired
        case 403: self = .forbidden
        default: self = .error
        }
    }

    var labels: [MetricLabel] {
        switch self {
        case .allowed: [.init("outcome", "allowed")]
        case .signInRequired: [.init("outcome", "sign_in_required")]
        case .forbidden: [.init("outcome", "forbidden")]
        case .error: [.init("outcome", "error")]
        }
    }
}

/// How a return to the redirect URI ended: signed in, or refused for one class of reason.
enum SignInOutcome: Int, MetricSeries {
    case signedIn
    /// The attempt is unknown to this browser or older than 10 minutes.
    case expiredAttempt
    /// The attempt was completed before: a second tab, the back button, or a copied callback address.
    case reusedAttempt
    /// The callback carried neither a code nor an error.
    case noCode
    /// The authority sent an error, or the token endpoint refused the code (details in `provider_errors_total`).
    case providerError
    /// The callback carried an error but no state of an open attempt (not counted in `provider_errors_total`).
    case badRequest
    /// The ID token failed validation.
    case invalidToken
    /// The reader's tenant is not admitted (`allowed_tenants`).
    case tenantNotAllowed
    /// The reader's groups cannot be known: more than Microsoft Graph lists, or no access token to ask it.
    case groupsOverage
    /// Microsoft Graph, asked for an overage reader's groups, failed or refused (details in `graph_calls_total`).
    case graphError
    /// The session could not be stored.
    case sessionStoreError
    /// The token endpoint could not be reached, or discovery was not loaded.
    case providerUnreachable
    /// Every network worker was busy and the queue was full.
    case busy
    /// Anything else.
    case failed

    var labels: [MetricLabel] {
        let name =
            switch self {
            case .signedIn: "signed_in"
            case .expiredAttempt: "expired_attempt"
            case .reusedAttempt: "reused_attempt"
            case .noCode: "no_code"
            case .providerError: "provider_error"
            case .badRequest: "bad_request"
            case .invalidToken: "invalid_token"
            case .tenantNotAllowed: "tenant_not_allowed"
            case .groupsOverage: "groups_overage"
            case .graphError: "graph_error"
            case .sessionStoreError: "session_store_error"
            case .providerUnreachable: "provider_unreachable"
            case .busy: "busy"
            case .failed: "failed"
            }
        return [.init("outcome", name)]
    }
}

/// A fetch of the provider's discovery document (metadata) or key set, and whether it succeeded.
enum ProviderRefresh: Int, MetricSeries {
    case metadataLoaded
    case metadataFailed
    case keysLoaded
    case keysFailed

    /// Which document: `metadata` or `keys`.
    enum Document {
        case metadata
        case keys
    }

    init(_ document: Document, succeeded: Bool) {
        switch (document, succeeded) {
        case (.metadata, true): self = .metadataLoaded
        case (.metadata, false): self = .metadataFailed
        case (.keys, true): self = .keysLoaded
        case (.keys, false): self = .keysFailed
        }
    }

    var labels: [MetricLabel] {
        switch self {
        case .metadataLoaded: [.init("document", "metadata"), .init("result", "success")]
        case .metadataFailed: [.init("document", "metadata"), .init("result", "failure")]
        case .keysLoaded: [.init("document", "keys"), .init("result", "success")]
        case .keysFailed: [.init("document", "keys"), .init("result", "failure")]
        }
    }
}

/// Whether reading the access manifest succeeded.
enum ReloadResult: Int, MetricSeries {
    case success
    case failure

    var labels: [MetricLabel] { [.init("result", self == .success ? "success" : "failure")] }
}

/// Why a session ended, as far as this process can see. Revocation by `sitegen-auth sessions revoke` runs in
/// another process and is not counted here.
enum SessionEnd: Int, MetricSeries {
    /// The reader signed out here.
    case signOut
    /// Entra's front-channel logout: the reader signed out of Entra elsewhere.
    case frontChannel
    /// Unused for longer than `session_idle_timeout`; counted when the reader next comes back.
    case idle
    /// Past its lifetime; counted when the SQLite sweeper removes it (Redis expires sessions by itself, uncounted).
    case expired
    /// Ended by a re-check with the provider (`sitegen_auth_rechecks_total` says why).
    case recheck

    var labels: [MetricLabel] {
        switch self {
        case .signOut: [.init("reason", "sign_out")]
        case .frontChannel: [.init("reason", "front_channel")]
        case .idle: [.init("reason", "idle")]
        case .expired: [.init("reason", "expired")]
        case .recheck: [.init("reason", "recheck")]
        }
    }
}

/// How a re-check of a session with the provider ended.
enum RecheckOutcome: Int, MetricSeries {
    /// A valid token for the same reader: the session goes on with the new roles, groups, name and e-mail.
    case kept
    /// The provider refused the refresh token (`invalid_grant`: account disabled or deleted, tokens revoked, a
    /// sign-in frequency reached): the session ended.
    case endedDisabled
    /// The token was for another tenant or object id: the session ended.
    case endedOtherUser
    /// The token failed validation (signature, issuer, audience, times, nonce): the session ended.
    case endedInvalidToken
    /// The provider could not be reached, answered 5xx or timed out; the session goes on within `recheck_grace`.
    case unreachable
    /// The session has no refresh token to redeem (signed in before re-checks were on, or the provider gave
    /// none); it goes on within `recheck_grace`.
    case noRefreshToken
    /// Still unconfirmed `recheck_grace` after the last successful check: the session ended.
    case graceSpent

    var labels: [MetricLabel] {
        let name =
            switch self {
            case .kept: "kept"
            case .endedDisabled: "ended_disabled"
            case .endedOtherUser: "ended_other_user"
            case .endedInvalidToken: "ended_invalid_token"
            case .unreachable: "unreachable"
            case .noRefreshToken: "no_refresh_token"
            case .graceSpent: "grace_spent"
            }
        return [.init("outcome", name)]
    }
}
