import Foundation

/// The endpoints of `sitegen-auth`, wired once from the service's parts, and the router over them.
///
/// Only composition: each endpoint is a small value that holds what it uses, and `router` is the table every
/// transport (the FastCGI responder and authorizer, one-shot CGI, the HTTP listener) answers through.
///
/// ```swift
/// let endpoints = AuthEndpoints(config: config, provider: provider, manifest: manifest, sessionStore: store, …)
/// let response = endpoints.router.respond(to: Request(method: "GET", target: "/.auth/health", headers: [:]))
/// ```
public struct AuthEndpoints: Sendable {
    /// The table from path to endpoint.
    public let router: Router
    /// The sessions, which the service sweeps and `/metrics` counts.
    public let sessions: SessionRegistry
    /// The session cookie; tests seal sessions with it.
    let sessionCookie: SessionCookie
    /// Who sent a request.
    let readers: ReaderLookup

    /// Wires the endpoints from their parts; `metrics` nil counts and times nothing (no `--metrics-listen`). Re-checks
    /// of sessions run on `background` (the network workers; one-shot CGI runs them after its answer).
    public init(
        config: AuthConfig,
        provider: IdentityProvider,
        manifest: ManifestStore,
        sessionStore: any SessionStore,
        http: any HTTPClient,
        time: any TimeSource,
        random: any RandomSource,
        log: AuthLog,
        metrics: AuthMetrics? = nil,
        background: any BackgroundWork = InlineWork()
    ) {
        let sessionCookie = SessionCookie(
            sealer: CookieSealer(config: config, purpose: "session"), secureSite: config.isSecureSite)
        let transactions = TransactionCookies(
            sealer: CookieSealer(config: config, purpose: "login-transaction"), secureSite: config.isSecureSite)
        let sessions = SessionRegistry(
            store: sessionStore, config: config, time: time, random: random, log: log, metrics: metrics,
            pendingLogoutsFolder: config.cacheDirectory)
        let tokens = TokenRedemption(config: config, http: http, time: time, random: random, metrics: metrics)
        let validator = IDTokenValidator(
            clientID: config.clientID, allowedTenants: config.allowedTenants, provider: provider, time: time)
        let overage = OverageGroups(
            graph: GraphGroups(
                graphURL: config.graphURL, http: http, backoff: GraphBackoff(time: time), metrics: metrics),
            manifest: manifest)
        var readers = ReaderLookup(
            sessionCookie: sessionCookie, sessions: sessions, scope: config.tenantScope, time: time)
        readers.rechecks = config.recheckEvery.map { every in
            SessionRechecker(
                policy: .init(every: Int(every), grace: Int(config.recheckGrace)), sessions: sessions, tokens: tokens,
                validator: validator, overage: overage, provider: provider, manifest: manifest, work: background,
                time: time, log: log,
                metrics: metrics)
        }
        let check = CheckEndpoint(manifest: manifest, readers: readers)
        let callback = CallbackEndpoint(
            transactions: transactions, sessions: sessions, sessionCookie: sessionCookie, provider: provider,
            redemption: tokens, validator: validator, rechecking: config.recheckEvery != nil,
            overage: overage,
            manifest: manifest, time: time, random: random, log: log, metrics: metrics)
        // Inserted last wins: the check, then the callback, come before any fixed path the redirect URI could shadow.
        var routes: [String: Router.Route] = [
            "/.auth/login": Router.Route(
                LoginEndpoint(
                    config: config, manifest: manifest, provider: provider, transactions: transactions, time: time,
                    random: random, log: log)),
            "/.auth/sign-in-required": Router.Route(
                SignInRequiredEndpoint(sessionCookie: sessionCookie, readers: readers)),
            "/.auth/logout": Router.Route(
                LogoutEndpoint(
                    sessionCookie: sessionCookie, sessions: sessions, provider: provider,
                    postLogoutRedirectURI: config.postLogoutRedirectURI.absoluteString, clientID: config.clientID,
                    siteOrigin: config.origin,
                    time: time, log: log)),
            "/.auth/me": Router.Route(MeEndpoint(readers: readers)),
            "/.auth/frontchannel-logout": Router.Route(
                FrontChannelLogoutEndpoint(
                    sessions: sessions, provider: provider, serverMetadataURL: config.serverMetadataURL, log: log)),
            "/.auth/health": Router.Route(HealthEndpoint(manifest: manifest, provider: provider, sessions: sessions)),
        ]
        routes[config.callbackPath] = Router.Route(callback, whenBusy: SignInBusyEndpoint(metrics: metrics))
        routes["/.auth/check"] = Router.Route(metrics.map { TimedEndpoint(wrapped: check, metrics: $0) } ?? check)
        router = Router(routes: routes)
        self.sessions = sessions
        self.sessionCookie = sessionCookie
        self.readers = readers
    }
}
