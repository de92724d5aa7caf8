public import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Discovery and signing keys of the identity provider, fetched at start and on demand, kept in memory and on disk.
///
/// The auth check never calls this: only the login and callback paths do.
public final class IdentityProvider: @unchecked Sendable {
    /// How often an unknown `kid` may trigger a key refetch.
    static let keyRefetchInterval: TimeInterval = 300
    /// How often a failed discovery is retried from the login path.
    static let discoveryRetryInterval: TimeInterval = 30

    struct Keys {
        var byID: [String: RSAPublicKey]
        var anonymous: [RSAPublicKey]
        var raw: Data
    }

    private let metadataURL: URL
    private let http: any HTTPClient
    private let time: any TimeSource
    private let cache: ProviderCache
    private let log: AuthLog
    private let state = NSLock()
    private let fetching = NSLock()
    private var metadata: ProviderMetadata?
    private var metadataRaw = Data()
    private var issuerPolicy: IssuerPolicy?
    private var keys: Keys?
    /// When an unknown `kid` last made us refetch the keys; start-up fetches do not count.
    private var lastKeyFetch: Date?
    private var lastDiscoveryAttempt: Date?

    /// Creates the provider; call `start()` before serving.
    public init(metadataURL: URL, http: any HTTPClient, time: any TimeSource, cacheDirectory: String, log: AuthLog) {
        self.metadataURL = metadataURL
        self.http = http
        self.time = time
        self.cache = ProviderCache(directory: cacheDirectory)
        self.log = log
    }

    /// Fetches discovery and keys; falls back to the disk cache when the provider cannot be reached.
    /// Throws only when the provider answered with something untrustworthy (wrong issuer, bad keys).
    @discardableResult
    public func start() throws -> String {
        do {
            try refreshAll()
            return "fetched discovery and \(keyCount) signing keys from \(metadataURL)"
        } catch let error as ProviderUnreachable {
            guard let snapshot = cache.load(for: metadataURL) else {
                throw ProviderError("\(error.description), and no cached copy exists yet in \(cache.directory)")
            }
            try install(metadataData: snapshot.metadata, keysData: snapshot.keys)
            log.write(event: "provider_cache_used", ["reason": error.description])
            return "provider unreachable (\(error.description)); using the cached discovery and keys from \(cache.file)"
        }
    }

    /// The discovery document and issuer policy, retrying discovery now and then if it never succeeded.
    func current() throws -> (ProviderMetadata, IssuerPolicy) {
        if let ready = snapshot() { return ready }
        fetching.lock()
        defer { fetching.unlock() }
        if let ready = snapshot() { return ready }
        let now = time.now()
        if let last = lastDiscoveryAttempt, now.timeIntervalSince(last) < Self.discoveryRetryInterval {
            throw ProviderError("the identity provider could not be reached recently; try again in a minute")
        }
        lastDiscoveryAttempt = now
        _ = try start()
        guard let ready = snapshot() else { throw ProviderError("the identity provider is not available") }
        return ready
    }

    /// The key that should have signed a token with this `kid` (or none), refetching keys once on an unknown `kid`.
    func key(for keyID: String?) throws -> RSAPublicKey {
        if let key = try lookUp(keyID) { return key }
        fetching.lock()
        defer { fetching.unlock() }
        if let key = try lookUp(keyID) { return key }
        let now = time.now()
        let recently = state.withLock {
            lastKeyFetch.map { now.timeIntervalSince($0) < Self.keyRefetchInterval } ?? false
        }
        guard !recently else {
            throw TokenRejection(
                "no signing key with kid '\(keyID ?? "none")' (keys were refetched less than 5 minutes ago)")
        }
        do {
            try refreshKeys()
        } catch {
            state.withLock { lastKeyFetch = now }
            log.write(event: "jwks_refresh_failed", ["reason": "\(error)"])
        }
        guard let key = try lookUp(keyID) else {
            throw TokenRejection("no signing key with kid '\(keyID ?? "none")' in the provider's key set")
        }
        return key
    }

    var isReady: Bool { snapshot() != nil && state.withLock { keys != nil } }

    var keyCount: Int { state.withLock { (keys?.byID.count ?? 0) + (keys?.anonymous.count ?? 0) } }

    private func snapshot() -> (ProviderMetadata, IssuerPolicy)? {
        state.withLock {
            guard let metadata, let issuerPolicy else { return nil }
            return (metadata, issuerPolicy)
        }
    }

    /// Returns the key, nil when the kid is unknown, and throws when a kid-less token is ambiguous.
    private func lookUp(_ keyID: String?) throws -> RSAPublicKey? {
        try state.withLock {
            guard let keys else { return nil }
            if let keyID { return keys.byID[keyID] }
            let all = Array(keys.byID.values) + keys.anonymous
            guard all.count <= 1 else {
                throw TokenRejection(
                    "the token has no kid and the provider publishes \(all.count) keys; which one is ambiguous")
            }
            return all.first
        }
    }

    private func refreshAll() throws {
        let metadataData = try fetch(metadataURL, what: "discovery document")
        let metadata = try ProviderMetadata.decode(metadataData, from: metadataURL)
        let keysData = try fetch(metadata.jwksURI, what: "key set")
        try install(metadataData: metadataData, keysData: keysData)
        try? cache.save(.init(metadataURL: metadataURL.absoluteString, metadata: metadataData, keys: keysData))
    }

    private func refreshKeys() throws {
        guard let (metadata, _) = snapshot() else { throw ProviderError("no discovery document yet") }
        let keysData = try fetch(metadata.jwksURI, what: "key set")
        let parsed = try Self.parseKeys(keysData)
        let metadataRaw = state.withLock {
            keys = parsed
            lastKeyFetch = time.now()
            return self.metadataRaw
        }
        try? cache.save(.init(metadataURL: metadataURL.absoluteString, metadata: metadataRaw, keys: keysData))
        log.write(event: "jwks_refreshed", ["keys": "\(parsed.byID.count + parsed.anonymous.count)"])
    }

    private func install(metadataData: Data, keysData: Data) throws {
        let metadata = try ProviderMetadata.decode(metadataData, from: metadataURL)
        let policy = try IssuerPolicy.resolve(metadataURL: metadataURL, discoveredIssuer: metadata.issuer)
        let parsed = try Self.parseKeys(keysData)
        state.withLock {
            self.metadata = metadata
            self.metadataRaw = metadataData
            self.issuerPolicy = policy
            self.keys = parsed
        }
    }

    /// Keeps the RSA signing keys; a key set with none is refused so the last good keys stay in use.
    static func parseKeys(_ data: Data) throws -> Keys {
        let set: JSONWebKeySet
        do {
            set = try JSONDecoder().decode(JSONWebKeySet.self, from: data)
        } catch {
            throw ProviderError("the key set is not valid JWKS JSON: \(error)")
        }
        var keys = Keys(byID: [:], anonymous: [], raw: data)
        for jwk in set.keys where jwk.kty == "RSA" && (jwk.use == nil || jwk.use == "sig") {
            guard jwk.alg == nil || jwk.alg == "RS256", let key = try? jwk.rsaPublicKey() else { continue }
            if let kid = jwk.kid { keys.byID[kid] = key } else { keys.anonymous.append(key) }
        }
        guard !keys.byID.isEmpty || !keys.anonymous.isEmpty else {
            throw ProviderError("the key set has no usable RSA signing key")
        }
        return keys
    }

    private func fetch(_ url: URL, what: String) throws -> Data {
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let answer: HTTPAnswer
        do {
            answer = try http.send(request)
        } catch {
            throw ProviderUnreachable(
                description: "cannot fetch the \(what) from \(url): \(error.localizedDescription)")
        }
        guard answer.status == 200 else {
            throw ProviderUnreachable(description: "the \(what) at \(url) answered HTTP \(answer.status)")
        }
        return answer.body
    }
}

/// The provider could not be reached or answered with an HTTP error; a cached copy may stand in.
struct ProviderUnreachable: Error, CustomStringConvertible {
    let description: String
}
