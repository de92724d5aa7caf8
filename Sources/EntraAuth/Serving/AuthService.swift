import Foundation

/// The endpoints with their real parts — URLSession, the system clock and CSPRNG, stderr logging — and the background
/// threads that keep the access manifest and the provider's keys current.
///
/// A process that answers one request (CGI, `Lifetime.oneRequest`) wires the same endpoints but loads, opens and
/// starts nothing up front: the manifest is read by the first request that needs it, the session store opened by the
/// first lookup, discovery and keys read from the disk cache only by the endpoints that use them, and fetched only by
/// sign-in and the callback when the cached copy is due (`IdentityProvider.Loading.onDemand`).
public struct AuthService: Sendable {
    /// How many requests the process answers.
    public enum Lifetime: Sendable {
        /// Many: a FastCGI server, which calls `start()` before serving.
        case server
        /// One (CGI): `start()` is not called, and nothing is done before the request needs it.
        case oneRequest
    }

    /// The validated settings.
    public let config: AuthConfig
    /// Where events are logged.
    public let log: AuthLog
    /// Discovery and signing keys.
    public let provider: IdentityProvider
    /// The access manifest in force.
    public let manifest: ManifestStore
    /// The endpoints, and the router every request goes through.
    public let endpoints: AuthEndpoints
    /// The `/metrics` page, when the service counts (`metrics` given).
    public let metricsPage: MetricsPage?

    /// Wires the service; tests pass fakes for the network and the clock. With `metrics`, every part counts into it.
    /// Re-checks of sessions run on `background`: the server's network workers, or after the answer for one-shot CGI.
    public init(
        config: AuthConfig, http: any HTTPClient = URLSessionHTTPClient(), time: any TimeSource = SystemTime(),
        log: AuthLog = AuthLog(), metrics: AuthMetrics? = nil, lifetime: Lifetime = .server,
        background: any BackgroundWork = InlineWork()
    ) {
        self.config = config
        self.log = log
        let oneRequest = lifetime == .oneRequest
        let provider = IdentityProvider(
            metadataURL: config.serverMetadataURL, http: http, time: time, cacheDirectory: config.cacheDirectory,
            log: log, metrics: metrics, loading: oneRequest ? .onDemand : .inBackground)
        let manifest = ManifestStore(
            path: config.manifestPath, unknownPaths: config.unknownPaths, emailRulesAllowed: config.allowEmailRules,
            log: log, metrics: metrics, announcesLoads: !oneRequest,
            snapshot: oneRequest ? ManifestSnapshot(directory: config.cacheDirectory) : nil)
        let endpoints = AuthEndpoints(
            config: config, provider: provider, manifest: manifest,
            sessionStore: config.sessionStore.open(for: oneRequest ? .oneRequest : .server),
            http: http, time: time, random: SystemRandom(), log: log, metrics: metrics, background: background)
        self.provider = provider
        self.manifest = manifest
        self.endpoints = endpoints
        metricsPage = metrics.map {
            MetricsPage(metrics: $0, manifest: manifest, provider: provider, sessions: endpoints.sessions)
        }
    }

    /// Loads what it can, then keeps it current on background threads: the manifest is looked at every second, the
    /// provider renewed when due. A provider, manifest or session store that is not there yet is retried, never a
    /// crash; a discovery document whose issuer does not fit the configured authority is a configuration error, thrown
    /// before any thread starts, so the service does not run with a metadata URL that names another authority.
    public func start() throws {
        do {
            let outcome = try provider.start()
            log.write(event: "provider_ready", ["detail": outcome])
        } catch let error as AuthError where error.kind == .config {
            log.write(event: "provider_refused", ["reason": error.description])
            throw error
        } catch {
            log.write(event: "provider_unavailable", ["reason": "\(error)"])
        }
        logConfigWarnings()
        manifest.reloadIfChanged()
        // Logs an outage once, as every later failure of the store is logged; a store that must not hold sessions
        // (a Redis that may evict them) is refused.
        if endpoints.sessions.problem() != nil {
            do { try endpoints.sessions.store.ping() } catch let error as AuthError where error.kind == .config {
                throw error
            } catch {}
        }
        provider.startRefreshing()
        let sessions = endpoints.sessions
        let sweeper = Thread {
            while true {
                try? sessions.removeExpired()
                Thread.sleep(forTimeInterval: 600)
            }
        }
        sweeper.name = "session-sweeper"
        let logouts = Thread {
            while true {
                sessions.applyPendingLogouts()
                Thread.sleep(forTimeInterval: 1)
            }
        }
        logouts.name = "pending-logouts"
        logouts.start()
        sweeper.start()
        let manifest = self.manifest
        let watcher = Thread {
            while true {
                Thread.sleep(forTimeInterval: 1)
                manifest.reloadIfChanged()
            }
        }
        watcher.name = "manifest-watcher"
        watcher.start()
    }

    /// Logs what in the config works but should not stay so: role tenants, secret files others may read.
    func logConfigWarnings() {
        if let warning = config.roleTenantsWarning { log.write(event: "config_warning", ["detail": warning]) }
        for problem in SecretFilePermissions.problems(in: config.secretFiles) {
            log.write(event: "config_warning", ["detail": problem])
        }
    }

    /// The `--check-config` report: every setting that matters, secret files others may read, then discovery, keys
    /// and the manifest.
    public func checkReport() -> (text: String, ok: Bool) {
        let tenants =
            config.allowsAnyTenant
            ? "any tenant (allow_any_tenant = true)"
            : config.allowedTenants.isEmpty ? "the authority's own" : config.allowedTenants.joined(separator: ", ")
        var lines = [
            "config: ok",
            "  client_id: \(config.clientID)",
            "  redirect_uri: \(config.redirectURI.absoluteString) (callback path \(config.callbackPath))",
            "  post_logout_redirect_uri: \(config.postLogoutRedirectURI.absoluteString)",
            "  server_metadata_url: \(config.serverMetadataURL.absoluteString)",
            "  token_endpoint_auth: \(config.clientAuthenticationName)",
            "  cookie secrets: \(config.cookieSecrets.count) (cookies \(config.isSecureSite ? "Secure, __Host- prefix" : "not Secure: http site"))",
            "  session_lifetime: \(Int(config.sessionLifetime)) s",
            "  session_idle_timeout: \(config.sessionIdleTimeout.map { "\(Int($0)) s" } ?? "off")",
            "  recheck_every: \(config.recheckEvery.map { "\(Int($0)) s, grace \(Int(config.recheckGrace)) s" } ?? "off")",
            "  session_store: \(config.sessionStore.display)",
            "  allowed_tenants: \(tenants)",
            "  role_tenants: \(config.roleTenants.map { $0.isEmpty ? "none" : $0.joined(separator: ", ") } ?? "every admitted tenant")",
        ]
        if let warning = config.roleTenantsWarning { lines.append("  warning: \(warning)") }
        var ok = true
        for problem in SecretFilePermissions.problems(in: config.secretFiles) {
            lines.append("  secret file: FAILED — \(problem)")
            ok = false
        }
        do {
            lines.append("identity provider: \(try provider.start())")
        } catch {
            lines.append("identity provider: FAILED — \(error)")
            ok = false
        }
        lines.append("session store: " + sessionStoreReport(ok: &ok))
        if let problem = manifest.reloadIfChanged() {
            lines.append("access manifest: not loaded — \(problem)")
        } else {
            lines.append("access manifest: \(config.manifestPath) loaded")
        }
        return (lines.joined(separator: "\n"), ok)
    }
}

extension AuthService {
    /// Whether the session store answers, asked without creating a SQLite file: `--check-config` often runs as root,
    /// and a database root creates is one the service cannot write to.
    private func sessionStoreReport(ok: inout Bool) -> String {
        if case .sqlite(let path) = config.sessionStore, !FileManager.default.fileExists(atPath: path) {
            return "\(config.sessionStore.display) (created by the service at its first start)"
        }
        do {
            try config.sessionStore.open(for: .administration).ping()
            return "\(config.sessionStore.display) answers"
        } catch {
            ok = false
            return "FAILED — \(error)"
        }
    }
}
