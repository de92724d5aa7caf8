import Foundation

/// The pure router of `sitegen-auth`: a `Request` in, a `Response` out; I/O sits behind injected protocols.
///
/// ```swift
/// let response = handler.handle(Request(method: "GET", target: "/.auth/check", headers: headers))
/// ```
public final class AuthHandler: Sendable {
    let config: AuthConfig
    let provider: IdentityProvider
    let manifest: ManifestStore
    let time: any TimeSource
    let random: any RandomSource
    let log: AuthLog
    let scope: TenantScope
    let sessionCookie: SessionCookie
    let sessions: SessionRegistry
    let transactions: TransactionCookies
    let validator: IDTokenValidator
    let redemption: CodeRedemption
    /// What is counted for `/metrics`; nil (nothing counted or timed) without `--metrics-listen`.
    let metrics: AuthMetrics?
    let callback: CallbackEndpoint

    /// Wires the handler from its parts.
    public init(
        config: AuthConfig,
        provider: IdentityProvider,
        manifest: ManifestStore,
        sessionStore: any SessionStore,
        http: any HTTPClient,
        time: any TimeSource,
        random: any RandomSource,
        log: AuthLog,
        metrics: AuthMetrics? = nil
    ) {
        self.config = config
        self.provider = provider
        self.manifest = manifest
        self.time = time
        self.random = random
        self.log = log
        self.metrics = metrics
        scope = config.tenantScope
        sessionCookie = SessionCookie(
            sealer: CookieSealer(config: config, purpose: "session"), secureSite: config.isSecureSite)
        transactions = TransactionCookies(
            sealer: CookieSealer(config: config, purpose: "login-transaction"), secureSite: config.isSecureSite)
        sessions = SessionRegistry(
            store: sessionStore, config: config, time: time, random: random, log: log, metrics: metrics)
        validator = IDTokenValidator(
            clientID: config.clientID,
            allowedTenants: config.allowedTenants,
            provider: provider,
            time: time
        )
        redemption = CodeRedemption(config: config, http: http, time: time, random: random, metrics: metrics)
        callback = CallbackEndpoint(
            transactions: transactions, sessions: sessions, sessionCookie: sessionCookie, provider: provider,
            redemption: redemption, validator: validator, manifest: manifest, time: time, random: random, log: log,
            metrics: metrics)
    }

    /// Routes one request. Never throws: any unexpected failure is a 500, never a 2xx (fail closed).
    public func handle(_ request: Request) -> Response {
        switch request.path {
        case "/.auth/check": return timedCheck(request)
        case config.callbackPath: return callback.respond(to: request)
        case "/.auth/login": return login(request)
        case "/.auth/sign-in-required": return signInRequired(request)
        case "/.auth/logout": return logout(request)
        case "/.auth/me": return me(request)
        case "/.auth/frontchannel-logout": return frontChannelLogout(request)
        case "/.auth/health": return health()
        default: return .text(404, "Not found")
        }
    }

    /// Whether answering may wait on the identity provider: only the callback does (the token endpoint, and keys
    /// for a token signed with a new key). A server runs such requests on other threads than the auth checks.
    public func waitsOnNetwork(_ request: Request) -> Bool {
        request.path == config.callbackPath
    }

    /// What a callback gets when every network worker is busy and the queue is full; counted as a sign-in refused.
    public func callbackBusy() -> Response { callback.busy() }
}
