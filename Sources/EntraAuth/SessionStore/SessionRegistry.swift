import Foundation

/// The sessions of the site: started at sign-in, found on every check, ended at sign-out, by Entra's front-channel
/// logout or by an administrator. Wraps a `SessionStore` with what every backend needs alike.
///
/// - The reader's claims are sealed (AES-256-GCM, a key of their own from the cookie secret) before they reach
///   the store, and opened again on lookup; an opened record is kept while its sealed bytes are unchanged, so a
///   check costs one store lookup and a byte comparison, not a decryption and JSON decoding.
/// - Each lookup applies today's `session_lifetime` and `session_idle_timeout`, not those of the sign-in.
/// - "Last seen" is written at most once a minute per session, never on every check.
/// - A store that cannot be reached is logged once when it goes and once when it is back; a front-channel logout
///   it could not take waits in `pendingLogouts` and is applied when it answers again.
public final class SessionRegistry: @unchecked Sendable {
    /// What a lookup found.
    public enum Lookup: Sendable {
        /// A live session.
        case found(Session)
        /// No such session: ended, revoked, expired, idle too long.
        case none
        /// The store cannot say; the reason is for the log.
        case unavailable(String)
    }

    /// How stale "last seen" may get before a check writes it again: a minute, or a quarter of a shorter
    /// `session_idle_timeout`, so a reader is never found idle more than a quarter of it early.
    static func touchInterval(idleTimeout: TimeInterval?) -> Int {
        idleTimeout.map { max(1, min(60, Int($0) / 4)) } ?? 60
    }
    private static let decodedCapacity = 4096

    /// The store behind the registry.
    public let store: any SessionStore
    /// Front-channel logouts the store could not take yet.
    let pendingLogouts: PendingLogouts
    let sealer: CookieSealer
    /// Seals refresh tokens, under a key of their own: they are opened only by a re-check.
    let refreshSealer: CookieSealer
    private let lifetime: TimeInterval
    private let idleTimeout: TimeInterval?
    private let touchInterval: Int
    let time: any TimeSource
    let random: any RandomSource
    let log: AuthLog
    let metrics: AuthMetrics?
    private let lock = NSLock()
    private var decoded: [String: (sealed: [UInt8], session: Session)] = [:]
    /// Ids of altered records already logged.
    private var altered: Set<String> = []
    private var outage: String?

    /// A registry over `store`, sealing records with a key derived from `config`'s cookie secrets. Front-channel
    /// logouts waiting for the store are kept in `pendingLogoutsFolder` (the service's cache folder), or only in
    /// memory without one.
    public init(
        store: any SessionStore, config: AuthConfig, time: any TimeSource, random: any RandomSource, log: AuthLog,
        metrics: AuthMetrics? = nil, pendingLogoutsFolder: String? = nil
    ) {
        self.store = store
        pendingLogouts = PendingLogouts(
            folder: pendingLogoutsFolder, lifetime: Int(config.sessionLifetime), log: log)
        sealer = CookieSealer(config: config, purpose: "session-record", longest: 1 << 20)
        refreshSealer = CookieSealer(config: config, purpose: "session-refresh-token", longest: 1 << 16)
        lifetime = config.sessionLifetime
        idleTimeout = config.sessionIdleTimeout
        touchInterval = Self.touchInterval(idleTimeout: config.sessionIdleTimeout)
        self.time = time
        self.random = random
        self.log = log
        self.metrics = metrics
    }

    /// Stores a new session for `session`'s reader, signed in by `issuer`, with the refresh token re-checks redeem
    /// (`grant`, sealed); returns it with its id and times.
    func start(_ session: Session, issuer: String, grant: RefreshGrant? = nil) throws -> Session {
        let now = Int(time.now().timeIntervalSince1970)
        var session = session
        session.id = Base64URL.encode(random.bytes(16))
        session.issuedAt = now
        session.expiresAt = now + Int(lifetime)
        session.issuer = issuer
        session.checkedAt = now
        let sealed = sealer.seal(Array(try JSONEncoder().encode(session)), cookieName: session.id, random: random)
        try recording {
            try store.create(
                StoredSession(
                    id: session.id, tenantID: session.tenantID, objectID: session.objectID,
                    providerSessionID: session.providerSessionID, issuer: issuer, createdAt: now, lastSeen: now,
                    expiresAt: session.expiresAt, sealed: Array(sealed.utf8), checkedAt: now,
                    refreshToken: try seal(grant, id: session.id)))
        }
        metrics?.sessionsStarted.increment()
        return session
    }

    /// The live session with this id.
    func find(id: String) -> Lookup {
        let stored: StoredSession?
        do {
            stored = try recording { try store.session(id: id) }
        } catch {
            return .unavailable("\(error)")
        }
        guard let stored, let session = open(stored) else { return .none }
        let now = Int(time.now().timeIntervalSince1970)
        if !pendingLogouts.matching(stored).isEmpty {
            // Entra signed this session out while the store was away: it opens nothing, whether or not the
            // store takes the logout now.
            applyPendingLogouts()
            return .none
        }
        guard now < expiry(of: stored) else { return .none }
        if isIdle(stored, at: now) {
            if let ended = try? store.end(.session(id: id)) {
                metrics?.sessionsEnded.increment(.idle, by: UInt64(ended))
            }
            return .none
        }
        if now - stored.lastSeen >= touchInterval { try? store.touch(id: id, at: now) }
        return .found(session)
    }

    /// Ends the selected sessions; returns how many.
    public func end(_ selection: SessionSelection) throws -> Int {
        try recording { try store.end(selection) }
    }

    /// Ends the selected sessions for `reason`, and counts them.
    func end(_ selection: SessionSelection, because reason: SessionEnd) throws -> Int {
        let ended = try end(selection)
        metrics?.sessionsEnded.increment(reason, by: UInt64(ended))
        return ended
    }

    /// Ends the sessions of Entra session `sid`, only those signed in by `issuer` when it is given.
    func end(providerSession sid: String, issuer: String?) throws -> Int {
        guard let issuer else { return try end(.providerSession(sid), because: .frontChannel) }
        let matching = try recording { try store.sessions(.providerSession(sid)) }.filter { $0.issuer == issuer }
        return try matching.reduce(0) { count, session in
            count + (try end(.session(id: session.id), because: .frontChannel))
        }
    }

    /// Keeps a front-channel logout the store could not take, to apply when it answers again.
    func keepPendingLogout(providerSession sid: String, issuer: String?) {
        pendingLogouts.add(sid: sid, issuer: issuer, at: Int(time.now().timeIntervalSince1970))
    }

    /// Applies the waiting front-channel logouts the store takes now.
    func applyPendingLogouts() {
        pendingLogouts.retry(at: Int(time.now().timeIntervalSince1970)) { entry in
            let ended = try end(providerSession: entry.sid, issuer: entry.issuer)
            log.write(event: "frontchannel_logout", ["sessions": "\(ended)", "waited": "yes"])
        }
    }

    /// Removes sessions and sign-in states whose time is over, and counts the sessions as expired.
    func removeExpired() throws {
        let removed = try recording { try store.removeExpired(now: Int(time.now().timeIntervalSince1970)) }
        metrics?.sessionsEnded.increment(.expired, by: UInt64(removed))
    }

    /// How many sessions the store holds that have not expired.
    func countLive() throws -> Int {
        try recording { try store.countLive() }
    }

    /// The selected sessions today's settings still accept, with their readers, oldest first.
    public func list(_ selection: SessionSelection) throws -> [(stored: StoredSession, session: Session?)] {
        let now = Int(time.now().timeIntervalSince1970)
        return try recording { try store.sessions(selection) }
            .filter { now < expiry(of: $0) && !isIdle($0, at: now) }
            .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
            .map { ($0, open($0)) }
    }

    /// When `stored` ends under today's settings: its recorded expiry, or sooner after a shorter `session_lifetime`.
    public func expiry(of stored: StoredSession) -> Int {
        min(stored.expiresAt, stored.createdAt + Int(lifetime))
    }

    /// Whether `stored` has not been used for longer than today's `session_idle_timeout`.
    private func isIdle(_ stored: StoredSession, at now: Int) -> Bool {
        idleTimeout.map { now - stored.lastSeen > Int($0) } ?? false
    }

    /// Marks a sign-in state used; false when it was used before.
    func consume(state: String, until expiresAt: Int) throws -> Bool {
        try recording { try store.consume(state: state, until: expiresAt) }
    }

    /// Why the store cannot be used now, or nil when it can.
    func problem() -> String? {
        do {
            try recording { try store.ping() }
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// The claims in a stored record, or nil when they do not open (another secret, or tampered with) or the record's
    /// clear fields disagree with them (see `agrees`). The clear fields are compared on every call, the kept
    /// decodings included: they can change while the sealed bytes stay.
    func open(_ stored: StoredSession) -> Session? {
        guard let session = decode(stored) else { return nil }
        guard Self.agrees(stored, session) else {
            reportAltered(stored.id)
            return nil
        }
        return session
    }

    /// The sealed claims of a record, decrypted and decoded once per sealed value.
    private func decode(_ stored: StoredSession) -> Session? {
        if let known = lock.withLock({ decoded[stored.id] }), known.sealed == stored.sealed { return known.session }
        guard let plaintext = sealer.open(Substring(decoding: stored.sealed, as: UTF8.self), cookieName: stored.id),
            let session = try? JSONDecoder().decode(Session.self, from: Data(plaintext)), session.id == stored.id
        else { return nil }
        lock.withLock {
            if decoded.count >= Self.decodedCapacity { decoded.removeAll(keepingCapacity: true) }
            decoded[stored.id] = (stored.sealed, session)
        }
        return session
    }

    /// Logs an altered record once, not on every check its cookie makes (the id stays out of the log).
    private func reportAltered(_ id: String) {
        let isNew = lock.withLock {
            if altered.count >= Self.decodedCapacity { altered.removeAll(keepingCapacity: true) }
            return altered.insert(id).inserted
        }
        guard isNew else { return }
        log.write(
            event: "session_record_altered",
            ["reason": "a session record's clear fields differ from the claims sealed with it; it opens nothing"])
    }

    /// Whether the record's clear fields, which lookups and revocation read without opening it, are those sealed with
    /// its claims at sign-in. So write access to the store can neither stretch a session's lifetime nor move it to
    /// another person, tenant, Entra session or issuer, where revoking by user or a front-channel logout would miss
    /// it. Only "last seen" is written later, and stays unsealed.
    private static func agrees(_ stored: StoredSession, _ session: Session) -> Bool {
        stored.tenantID == session.tenantID && stored.objectID == session.objectID
            && stored.providerSessionID == session.providerSessionID && stored.createdAt == session.issuedAt
            && stored.expiresAt == session.expiresAt && session.issuer.map { $0 == stored.issuer } != false
            && (session.checkedAt ?? 0) == stored.checkedAt
    }

    /// Runs a store call, logging the first failure of an outage and the first success after it.
    func recording<Result>(_ call: () throws -> Result) throws -> Result {
        do {
            let result = try call()
            if let ended = lock.withLock({ outage.take() }) {
                log.write(event: "session_store_recovered", ["was": ended])
            }
            return result
        } catch {
            metrics?.sessionStoreErrors.increment()
            let reason = "\(error)"
            let isNew = lock.withLock {
                defer { outage = reason }
                return outage == nil
            }
            if isNew {
                log.write(
                    event: "session_store_unavailable",
                    ["reason": reason, "effect": "protected paths answer 503; public paths are served"])
            }
            throw error
        }
    }
}

extension Optional {
    /// The value, leaving nil behind.
    fileprivate mutating func take() -> Wrapped? {
        defer { self = nil }
        return self
    }
}
