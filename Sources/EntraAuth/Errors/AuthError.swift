import Foundation

/// Every failure EntraAuth reports: a `kind` a caller can act on, and a message for the log and the administrator.
///
/// The message names the claim, key or file at fault and says what to do; it never holds a secret. `description` is
/// the message, so `"\(error)"` reads as a sentence. What a refused sign-in logs, counts and shows is decided from the
/// kind in one place, `SignInRefusal`.
///
/// ```swift
/// throw AuthError(.config, "\(path): [auth] 'client_id' is missing")
/// } catch let error as AuthError where error.kind == .sessionStore { … }
/// ```
public struct AuthError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What failed. An open set of named values, like Hummingbird's `HTTPError` status: new kinds are new statics.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        /// The kind's name, as tests and logs show it.
        public let description: String

        init(_ name: String) { description = name }

        /// A setting, file or environment variable is missing or wrong; the message names the key and the fix.
        public static let config = Kind("config")
        /// A cryptographic operation failed or a key or certificate is unusable (OpenSSL's reason when it gave one).
        public static let crypto = Kind("crypto")
        /// A token or key is not well-formed JOSE; the message names the part.
        public static let malformedToken = Kind("malformed_token")
        /// The ID token failed validation; the message names the claim.
        public static let invalidToken = Kind("invalid_token")
        /// The reader's tenant is not in `allowed_tenants`.
        public static let tenantNotAllowed = Kind("tenant_not_allowed")
        /// The reader's groups cannot be known: Entra left them out (more than 200) and Microsoft Graph could not list
        /// them (more than 11,000) or there was no access token to ask it with.
        public static let groupsOverage = Kind("groups_overage")
        /// Microsoft Graph, asked for an overage reader's groups, could not be reached or was busy; trying again may work.
        public static let graphUnavailable = Kind("graph_unavailable")
        /// Microsoft Graph refused to list the reader's groups: the app registration lacks `User.Read` or its consent.
        public static let graphRefused = Kind("graph_refused")
        /// The identity provider could not be reached or answered with an HTTP error; a cached copy may stand in.
        public static let providerUnreachable = Kind("provider_unreachable")
        /// The identity provider cannot be used now: not loaded yet, unreachable with nothing cached, or its answer
        /// (discovery, keys) is unusable.
        public static let providerUnavailable = Kind("provider_unavailable")
        /// The identity provider answered a sign-in with an OAuth error (`provider` holds it).
        public static let providerRefused = Kind("provider_refused")
        /// The session store could not be reached or answered something unusable.
        public static let sessionStore = Kind("session_store")
        /// The metrics address is unusable or its socket cannot be opened.
        public static let metrics = Kind("metrics")
        /// A callback carrying a provider error but no state of an open sign-in attempt: anyone can write such a link,
        /// so its error is shown (well-formed codes only) but not counted by its labels.
        public static let unmatchedProviderError = Kind("unmatched_provider_error")
        /// The process cannot serve requests: its listening socket cannot be opened or restricted.
        public static let serving = Kind("serving")
        /// A callback whose sign-in attempt is unknown to this browser or older than 10 minutes.
        public static let expiredAttempt = Kind("expired_attempt")
        /// A callback whose sign-in attempt was completed before.
        public static let reusedAttempt = Kind("reused_attempt")
        /// A callback with neither a code nor an error.
        public static let noCode = Kind("no_code")
        /// A failure no other kind describes: an error from outside EntraAuth, which no sign-in step should throw.
        public static let unexpected = Kind("unexpected")
    }

    /// The OAuth error an identity provider answered with: `error` and `error_description`.
    public struct ProviderAnswer: Sendable, Equatable {
        /// The OAuth `error` code, e.g. `invalid_grant`.
        public let error: String
        /// The `error_description`, where Entra puts its AADSTS code.
        public let description: String

        /// `AADSTS50011` from an Entra error description, for the admin and the log.
        var aadstsCode: String? {
            guard let range = description.range(of: #"AADSTS\d+"#, options: .regularExpression) else { return nil }
            return String(description[range])
        }
    }

    /// What failed.
    public let kind: Kind
    /// The readable reason, naming the claim, key or file.
    public let message: String
    /// For `providerRefused`: the provider's own error.
    public let provider: ProviderAnswer?
    /// For `graphUnavailable`: the seconds Microsoft Graph asked callers to wait, when it did.
    public let retryAfter: Int?

    /// An error of `kind` with a readable `message`.
    public init(_ kind: Kind, _ message: String) {
        self.init(kind: kind, message: message, provider: nil)
    }

    /// Microsoft Graph cannot list groups now; `retryAfter` is the wait it asked for, if any.
    static func graphUnavailable(_ message: String, retryAfter: Int?) -> AuthError {
        AuthError(kind: .graphUnavailable, message: message, provider: nil, retryAfter: retryAfter)
    }

    /// The identity provider refused a sign-in with `error` and `description`; `message` is the log's reason.
    static func providerRefused(
        _ message: String, error: String, description: String, kind: Kind = .providerRefused
    ) -> AuthError {
        AuthError(kind: kind, message: message, provider: ProviderAnswer(error: error, description: description))
    }

    private init(kind: Kind, message: String, provider: ProviderAnswer?, retryAfter: Int? = nil) {
        self.kind = kind
        self.message = message
        self.provider = provider
        self.retryAfter = retryAfter
    }

    /// The message.
    public var description: String { message }
}
