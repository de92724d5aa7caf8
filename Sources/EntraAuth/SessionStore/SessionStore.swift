/// Where sessions live on the server, so that a session can be ended — at sign-out, by Entra's front-channel
/// logout, or by an administrator — and every copy of its cookie stops working at once.
///
/// Two backends: `SQLiteSessionStore` (the default: one file, nothing to run) and `RedisSessionStore` (several
/// servers behind a load balancer share one Redis). The contract is the same, and the same tests run against both.
public protocol SessionStore: Sendable {
    /// Stores a new session.
    func create(_ session: StoredSession) throws
    /// The session with this id; nil when there is none (ended, revoked, or past `expiresAt` by the store's clock).
    func session(id: String) throws -> StoredSession?
    /// Records that the session was used at `time`, if it still exists.
    func touch(id: String, at time: Int) throws
    /// Ends the selected sessions and returns how many there were.
    func end(_ selection: SessionSelection) throws -> Int
    /// The selected sessions that have not expired, in no particular order.
    func sessions(_ selection: SessionSelection) throws -> [StoredSession]
    /// Marks a sign-in `state` used until `expiresAt`; false when it was used before, so an attempt completes once.
    func consume(state: String, until expiresAt: Int) throws -> Bool
    /// Replaces the sealed claims, the sealed refresh token and the time of the last check of an existing session
    /// (after a re-check with the provider), only while its last check is still at `previous`: false when the session
    /// is gone, or when another re-check wrote first (its lease ran out while this one waited on the provider), whose
    /// newer answer stays. Ids, owner and times stay.
    func update(_ session: StoredSession, ifCheckedAt previous: Int) throws -> Bool
    /// Takes the right to re-check session `id` until `until` (seconds since 1970); false while another thread or
    /// server holds it, so a session is re-checked once at a time across every server sharing the store. A lease
    /// is over at `until` by the caller's clock (`now`) with SQLite; with Redis it lasts `until - now` seconds by
    /// Redis's own clock.
    func lease(recheckOf id: String, now: Int, until: Int) throws -> Bool
    /// Gives the right to re-check session `id` back before its time.
    func release(recheckOf id: String) throws
    /// Throws when the store cannot be reached.
    func ping() throws
    /// Closes the connections kept between uses; the next use opens its own. A process about to fork calls it, so
    /// its child never shares a connection: SQLite forbids using one across `fork`, and a Redis socket carries one
    /// conversation.
    func closeIdleConnections()
    /// Forgets sessions and states whose time is over and returns how many sessions it removed, each once.
    func removeExpired(now: Int) throws -> Int
    /// How many sessions have not expired, counted without reading them.
    func countLive() throws -> Int
}

/// One session as the store keeps it: what lookups and revocation need in the clear, the rest sealed.
///
/// The sealed part holds the reader's claims (name, e-mail, roles, groups), encrypted and authenticated with a key
/// from the cookie secret: a copy of the store reveals no personal data, and write access to it cannot give anyone
/// a role.
public struct StoredSession: Sendable, Equatable {
    /// Random id; the session cookie seals it.
    public var id: String
    /// Tenant of the reader (`tid`).
    public var tenantID: String
    /// The reader's object id (`oid`), for revoking every session of a person.
    public var objectID: String
    /// Entra's session id (`sid`), for front-channel logout; nil when the token had none.
    public var providerSessionID: String?
    /// The token's issuer, which a front-channel logout's `iss` must match.
    public var issuer: String
    /// When the session was created, last used and when it ends (seconds since 1970).
    public var createdAt: Int
    /// Written at most about once a minute.
    public var lastSeen: Int
    /// The absolute end.
    public var expiresAt: Int
    /// The sealed claims.
    public var sealed: [UInt8]
    /// When the provider last confirmed the reader; 0 in records from before re-checks (the claims say when).
    public var checkedAt: Int
    /// The sealed refresh token that re-checks redeem; empty when there is none.
    public var refreshToken: [UInt8]

    /// Creates a stored session from its parts.
    public init(
        id: String, tenantID: String, objectID: String, providerSessionID: String?, issuer: String, createdAt: Int,
        lastSeen: Int, expiresAt: Int, sealed: [UInt8], checkedAt: Int = 0, refreshToken: [UInt8] = []
    ) {
        self.id = id
        self.tenantID = tenantID
        self.objectID = objectID
        self.providerSessionID = providerSessionID
        self.issuer = issuer
        self.createdAt = createdAt
        self.lastSeen = lastSeen
        self.expiresAt = expiresAt
        self.sealed = sealed
        self.checkedAt = checkedAt
        self.refreshToken = refreshToken
    }
}

/// Which sessions an operation is about.
public enum SessionSelection: Sendable, Equatable {
    /// Every session.
    case all
    /// Every session of the person with this object id.
    case user(objectID: String)
    /// One session.
    case session(id: String)
    /// Every session carrying this Entra session id (`sid`).
    case providerSession(String)
}
