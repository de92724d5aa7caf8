public import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Discovery and signing keys of the identity provider, kept in memory and on disk (`cache_dir`).
///
/// No lock is held across a network call. How they are loaded depends on `Loading`:
/// - `.inBackground` (the FastCGI server): fetched at start; requests never wait on the network here: sign-in and
///   sign-out read what is loaded, `refreshIfDue()` (on its own thread, see `startRefreshing()`) loads what is
///   missing and renews the keys;
/// - `.onDemand` (one process per request, CGI): nothing is loaded until a request asks; then the disk cache is
///   read, and only sign-in and the callback (`current(refreshing: true)`) fetch anew, when the cached copy is
///   due for renewal or missing. When to renew, and when an unknown `kid` last refetched the keys, are kept in the
///   cache file, so consecutive processes renew exactly as one long-running server would.
///
/// Either way only a callback whose token names an unknown `kid` fetches the keys itself — once for all callbacks
/// waiting on the same fetch, at most once per five minutes.
public final class IdentityProvider: @unchecked Sendable {
    /// When discovery and keys are loaded.
    public enum Loading: Sendable {
        /// At `start()`, then renewed by `startRefreshing()`'s thread: a long-running server.
        case inBackground
        /// From the disk cache when a request first needs them, fetched by sign-in and the callback when due.
        case onDemand
    }

    /// How often an unknown `kid` may trigger a key refetch.
    static let keyRefetchInterval: TimeInterval = 300
    /// How soon a discovery that never succeeded, or a failed renewal, is tried again.
    static let retryInterval: TimeInterval = 30
    /// Keys are renewed when the provider's `Cache-Control: max-age` says, but at least daily, so a key the
    /// provider withdraws stops being trusted; and not more often than every five minutes.
    static let renewal: ClosedRange<TimeInterval> = 300...86_400

    /// A signing key and the issuer it signs for, when the key set says (Entra's `issuer` extension).
    struct TrustedKey: Sendable {
        var key: RSAPublicKey
        var issuer: String?
    }

    struct Keys {
        var byID: [String: TrustedKey]
        var anonymous: [TrustedKey]
    }

    private let metadataURL: URL
    let http: any HTTPClient
    private let time: any TimeSource
    private let cache: ProviderCache
    private let log: AuthLog
    let metrics: AuthMetrics?
    private let loading: Loading
    /// Guards every field below; callbacks wait on it, with the lock released, for a key refetch in flight.
    private let condition = NSCondition()
    private var metadata: ProviderMetadata?
    private var metadataRaw = Data()
    private var keysRaw = Data()
    private var issuerPolicy: IssuerPolicy?
    private var keys: Keys?
    /// When an unknown `kid` last made us refetch the keys; start-up and renewals do not count.
    private var lastKeyRefetch: Date?
    private var keyRefetchInFlight = false
    /// The last refetch for an unknown `kid` failed: until the next, such a `kid` says the provider is unreachable,
    /// not that the token is bad.
    private var keyRefetchFailed = false
    private var nextRefresh: Date
    /// On demand: whether the disk cache has been read.
    private var cacheRead = false

    /// Creates the provider; `.inBackground`, call `start()` before serving.
    public init(
        metadataURL: URL, http: any HTTPClient, time: any TimeSource, cacheDirectory: String, log: AuthLog,
        metrics: AuthMetrics? = nil, loading: Loading = .inBackground
    ) {
        self.metadataURL = metadataURL
        self.http = http
        self.time = time
        self.cache = ProviderCache(directory: cacheDirectory)
        self.log = log
        self.metrics = metrics
        self.loading = loading
        nextRefresh = time.now()
    }

    /// Fetches discovery and keys; falls back to the disk cache when the provider cannot be reached.
    /// Throws only when the provider answered with something untrustworthy (wrong issuer, bad keys), or when it
    /// cannot be reached and nothing is cached; the background refresh keeps trying then.
    @discardableResult
    public func start() throws -> String {
        do {
            try refreshAll()
            return "fetched discovery and \(keyCount) signing keys from \(metadataURL)"
        } catch let error as AuthError where error.kind == .providerUnreachable {
            schedule(after: Self.retryInterval)
            guard let snapshot = cache.load(for: metadataURL) else {
                throw AuthError(
                    .providerUnavailable, "\(error.description), and no cached copy exists yet in \(cache.directory)")
            }
            try install(
                metadataData: snapshot.metadata, keysData: snapshot.keys, renewAt: time.now() + Self.retryInterval)
            log.write(event: "provider_cache_used", ["reason": error.description])
            return "provider unreachable (\(error.description)); using the cached discovery and keys from \(cache.file)"
        } catch {
            schedule(after: Self.retryInterval)
            throw error
        }
    }

    /// Renews discovery and keys on a thread of their own, for as long as the process runs.
    public func startRefreshing() {
        let thread = Thread { [self] in
            while true {
                let wait = refreshIfDue().timeIntervalSince(time.now())
                Thread.sleep(forTimeInterval: min(max(wait, 1), 60))
            }
        }
        thread.name = "provider-refresh"
        thread.start()
    }

    /// Loads discovery and keys when they are due (never loaded: every 30 s; loaded: when the keys' lifetime is
    /// over, at least daily); keeps the last good copy when that fails. Returns when it is due next.
    @discardableResult
    public func refreshIfDue() -> Date {
        let now = time.now()
        guard now >= condition.withLock({ nextRefresh }) else { return condition.withLock { nextRefresh } }
        do {
            try refreshAll()
            log.write(event: "provider_refreshed", ["keys": "\(keyCount)"])
        } catch {
            schedule(after: Self.retryInterval)
            log.write(event: "provider_refresh_failed", ["reason": "\(error)"])
            if loading == .onDemand { saveCache() }
        }
        return condition.withLock { nextRefresh }
    }

    /// The discovery document and the issuer policy decided from it.
    struct Loaded {
        var metadata: ProviderMetadata
        var issuerPolicy: IssuerPolicy
    }

    /// The discovery document and issuer policy. `.inBackground`: as loaded, never fetched. `.onDemand`: from the
    /// disk cache, and with `refreshing` (sign-in, the callback) fetched first when due or missing.
    func current(refreshing: Bool = false) throws -> Loaded {
        if loading == .onDemand { loadOnDemand(refreshing: refreshing) }
        guard let ready = snapshot() else {
            throw AuthError(
                .providerUnavailable, "the identity provider could not be reached yet; try again in a minute")
        }
        return ready
    }

    /// The key that should have signed a token with this `kid` (or none), refetching keys once on an unknown `kid`.
    func key(for keyID: String?) throws -> TrustedKey {
        if loading == .onDemand { loadOnDemand(refreshing: true) }
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let key = try lookUp(keyID) { return key }
            guard keyRefetchInFlight else { break }
            condition.wait()
        }
        let now = time.now()
        if let last = lastKeyRefetch, now.timeIntervalSince(last) < Self.keyRefetchInterval {
            throw Self.unknownKey(keyID, fetched: "less than 5 minutes ago", failed: keyRefetchFailed)
        }
        guard let jwksURI = metadata?.jwksURI else {
            throw AuthError(.providerUnavailable, "no discovery document yet")
        }
        keyRefetchInFlight = true
        lastKeyRefetch = now
        condition.unlock()
        let fetched = Result { try counting(.keys) { try fetchKeys(from: jwksURI) } }
        condition.lock()
        keyRefetchInFlight = false
        condition.broadcast()
        switch fetched {
        case .success(let (parsed, data, renewAfter)):
            keys = parsed
            keysRaw = data
            nextRefresh = time.now() + renewAfter
            keyRefetchFailed = false
            condition.unlock()
            saveCache()
            log.write(event: "jwks_refreshed", ["keys": "\(parsed.byID.count + parsed.anonymous.count)"])
            condition.lock()
        case .failure(let error):
            keyRefetchFailed = true
            log.write(event: "jwks_refresh_failed", ["reason": "\(error)"])
        }
        guard let key = try lookUp(keyID) else {
            throw Self.unknownKey(keyID, fetched: "just now", failed: keyRefetchFailed)
        }
        return key
    }

    var isReady: Bool {
        if loading == .onDemand { loadOnDemand(refreshing: false) }
        return condition.withLock { metadata != nil && issuerPolicy != nil && keys != nil }
    }

    var keyCount: Int { condition.withLock { (keys?.byID.count ?? 0) + (keys?.anonymous.count ?? 0) } }

    private func snapshot() -> Loaded? {
        condition.withLock {
            guard let metadata, let issuerPolicy else { return nil }
            return Loaded(metadata: metadata, issuerPolicy: issuerPolicy)
        }
    }

    private func schedule(after interval: TimeInterval) {
        let due = time.now() + interval
        condition.withLock { nextRefresh = due }
    }

    /// With the lock held: the key, nil when the kid is unknown; throws when a kid-less token is ambiguous.
    private func lookUp(_ keyID: String?) throws -> TrustedKey? {
        guard let keys else { return nil }
        if let keyID { return keys.byID[keyID] }
        let all = Array(keys.byID.values) + keys.anonymous
        guard all.count <= 1 else {
            throw AuthError(
                .invalidToken,
                "the token has no kid and the provider publishes \(all.count) keys; which one is ambiguous")
        }
        return all.first
    }

    private func refreshAll() throws {
        let (metadataAnswer, metadata) = try counting(.metadata) {
            let answer = try fetch(metadataURL, what: "discovery document")
            let metadata = try ProviderMetadata.decode(answer.body, from: metadataURL)
            _ = try IssuerPolicy.resolve(metadataURL: metadataURL, discoveredIssuer: metadata.issuer)
            return (answer, metadata)
        }
        try counting(.keys) {
            let answer = try fetch(metadata.jwksURI, what: "key set")
            try install(
                metadataData: metadataAnswer.body, keysData: answer.body,
                renewAt: time.now() + Self.renewalInterval(answer))
        }
        saveCache()
    }

    /// On demand: reads the disk cache once, then, when `refreshing`, fetches what is due or missing.
    private func loadOnDemand(refreshing: Bool) {
        let first = condition.withLock {
            defer { cacheRead = true }
            return !cacheRead
        }
        if first, let snapshot = cache.load(for: metadataURL) {
            do {
                // A copy written without a renewal time is due at once.
                try install(
                    metadataData: snapshot.metadata, keysData: snapshot.keys, renewAt: snapshot.renewAt ?? time.now())
                condition.withLock { lastKeyRefetch = snapshot.keysRefetchedAt }
            } catch {
                log.write(event: "provider_cache_refused", ["reason": "\(error)"])
            }
        }
        if refreshing { refreshIfDue() }
    }

    /// Writes what is loaded, with when it is due for renewal and when an unknown `kid` last refetched the keys.
    private func saveCache() {
        let snapshot = condition.withLock { () -> ProviderCache.Snapshot? in
            guard keys != nil, metadata != nil else { return nil }
            return ProviderCache.Snapshot(
                metadataURL: metadataURL.absoluteString, metadata: metadataRaw, keys: keysRaw, renewAt: nextRefresh,
                keysRefetchedAt: lastKeyRefetch)
        }
        if let snapshot { try? cache.save(snapshot) }
    }

    private func install(metadataData: Data, keysData: Data, renewAt due: Date) throws {
        let metadata = try ProviderMetadata.decode(metadataData, from: metadataURL)
        let policy = try IssuerPolicy.resolve(metadataURL: metadataURL, discoveredIssuer: metadata.issuer)
        let parsed = try Self.parseKeys(keysData)
        condition.withLock {
            self.metadata = metadata
            self.metadataRaw = metadataData
            self.issuerPolicy = policy
            self.keys = parsed
            self.keysRaw = keysData
            self.nextRefresh = due
        }
    }

}
