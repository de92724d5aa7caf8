import Foundation

/// Sessions in one SQLite file: the default store, with nothing to install or run.
///
/// The system SQLite (Debian `libsqlite3`) through its C API: six statements need no more than that, and WAL mode
/// lets the service's threads read while the `sessions` command or a sign-in writes. Each thread takes a connection
/// of its own from a small pool; a connection that failed is dropped, so a store that comes back is used again.
public final class SQLiteSessionStore: SessionStore, @unchecked Sendable {
    private static let schema = """
        PRAGMA journal_mode = WAL;
        PRAGMA synchronous = FULL;
        CREATE TABLE IF NOT EXISTS sessions (
            id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, object_id TEXT NOT NULL, provider_session_id TEXT,
            issuer TEXT NOT NULL, created_at INTEGER NOT NULL, last_seen INTEGER NOT NULL,
            expires_at INTEGER NOT NULL, sealed BLOB NOT NULL, checked_at INTEGER NOT NULL DEFAULT 0,
            refresh_token BLOB
        ) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS sessions_by_user ON sessions (object_id);
        CREATE INDEX IF NOT EXISTS sessions_by_provider_session ON sessions (provider_session_id);
        CREATE TABLE IF NOT EXISTS used_states (state TEXT PRIMARY KEY, expires_at INTEGER NOT NULL) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS recheck_leases (id TEXT PRIMARY KEY, until INTEGER NOT NULL) WITHOUT ROWID;
        """
    /// The columns re-checks added, for a file written by an earlier version.
    private static let addedColumns = [
        ("checked_at", "ALTER TABLE sessions ADD COLUMN checked_at INTEGER NOT NULL DEFAULT 0"),
        ("refresh_token", "ALTER TABLE sessions ADD COLUMN refresh_token BLOB"),
    ]
    private static let columns =
        "id, tenant_id, object_id, provider_session_id, issuer, created_at, last_seen, expires_at, sealed, checked_at, "
        + "refresh_token"

    /// The database file.
    public let path: String
    private let mayCreate: Bool
    private let lock = NSLock()
    private var idle: [SQLiteConnection] = []
    /// Held while a connection is opened and the schema (the WAL switch, the tables) applied: threads doing that
    /// at once on a new file each start a write on a snapshot another has just changed, which SQLite answers with
    /// "database is locked" at once, without waiting out the busy timeout.
    private let opening = NSLock()

    /// A store in the file at `path`. With `mayCreate` false (the administration commands) a missing file is an
    /// error rather than a new, empty store the service could not write to.
    public init(path: String, mayCreate: Bool = true) {
        self.path = path
        self.mayCreate = mayCreate
    }

    public func create(_ session: StoredSession) throws {
        try withConnection { connection in
            try connection.query(
                "INSERT INTO sessions (\(Self.columns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
                [
                    .text(session.id), .text(session.tenantID), .text(session.objectID),
                    session.providerSessionID.map(SQLiteConnection.Value.text) ?? .null, .text(session.issuer),
                    .integer(session.createdAt), .integer(session.lastSeen), .integer(session.expiresAt),
                    .blob(session.sealed), .integer(session.checkedAt), .blob(session.refreshToken),
                ])
        }
    }

    public func update(_ session: StoredSession, ifCheckedAt previous: Int) throws -> Bool {
        try withConnection { connection in
            try connection.query(
                "UPDATE sessions SET sealed = ?2, checked_at = ?3, refresh_token = ?4 WHERE id = ?1 AND checked_at = ?5",
                [
                    .text(session.id), .blob(session.sealed), .integer(session.checkedAt),
                    .blob(session.refreshToken), .integer(previous),
                ])
            return connection.changes == 1
        }
    }

    public func lease(recheckOf id: String, now: Int, until: Int) throws -> Bool {
        try withConnection { connection in
            try connection.query(
                "DELETE FROM recheck_leases WHERE id = ?1 AND until <= ?2", [.text(id), .integer(now)])
            try connection.query(
                "INSERT OR IGNORE INTO recheck_leases (id, until) VALUES (?1, ?2)", [.text(id), .integer(until)])
            return connection.changes == 1
        }
    }

    public func release(recheckOf id: String) throws {
        try withConnection { connection in
            try connection.query("DELETE FROM recheck_leases WHERE id = ?1", [.text(id)])
        }
    }

    public func session(id: String) throws -> StoredSession? {
        try withConnection { connection in
            try connection.query(
                "SELECT \(Self.columns) FROM sessions WHERE id = ?1 AND expires_at > unixepoch()", [.text(id)]
            ).first
                .flatMap(Self.storedSession)
        }
    }

    public func touch(id: String, at time: Int) throws {
        try withConnection { connection in
            try connection.query("UPDATE sessions SET last_seen = ?2 WHERE id = ?1", [.text(id), .integer(time)])
        }
    }

    public func end(_ selection: SessionSelection) throws -> Int {
        let (condition, values) = Self.condition(selection)
        return try withConnection { connection in
            try connection.query("DELETE FROM sessions" + condition, values)
            return connection.changes
        }
    }

    public func sessions(_ selection: SessionSelection) throws -> [StoredSession] {
        let (condition, values) = Self.condition(selection)
        return try withConnection { connection in
            try connection.query(
                "SELECT \(Self.columns) FROM sessions" + condition + (condition.isEmpty ? " WHERE" : " AND")
                    + " expires_at > unixepoch()", values
            ).compactMap(Self.storedSession)
        }
    }

    public func consume(state: String, until expiresAt: Int) throws -> Bool {
        try withConnection { connection in
            try connection.query(
                "DELETE FROM used_states WHERE state = ?1 AND expires_at <= unixepoch()", [.text(state)])
            try connection.query(
                "INSERT OR IGNORE INTO used_states (state, expires_at) VALUES (?1, ?2)",
                [.text(state), .integer(expiresAt)])
            return connection.changes == 1
        }
    }

    public func closeIdleConnections() {
        lock.withLock { idle.removeAll() }
    }

    /// Reads the sessions table, which `SELECT 1` would not touch; and the file must still be there, because open
    /// connections keep writing to a deleted file, whose sessions a restart would lose.
    public func ping() throws {
        try withConnection { connection in try connection.query("SELECT 1 FROM sessions LIMIT 1") }
        guard FileManager.default.fileExists(atPath: path) else {
            throw AuthError(.sessionStore, "the session store \(path) was deleted while in use; restart sitegen-auth")
        }
    }

    public func removeExpired(now: Int) throws -> Int {
        try withConnection { connection in
            try connection.query("DELETE FROM sessions WHERE expires_at <= ?1", [.integer(now)])
            let removed = connection.changes
            try connection.query("DELETE FROM used_states WHERE expires_at <= ?1", [.integer(now)])
            try connection.query("DELETE FROM recheck_leases WHERE until <= ?1", [.integer(now)])
            return removed
        }
    }

    public func countLive() throws -> Int {
        try withConnection { connection in
            try connection.query("SELECT count(*) FROM sessions WHERE expires_at > unixepoch()").first?.first?.integer
                ?? 0
        }
    }

    /// Run as root (the administration commands), gives SQLite's side files the owner of the database, so the
    /// service, which runs as its own user, can still open them.
    public func keepOwnership() {
        guard geteuid() == 0, let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let owner = (attributes[.ownerAccountID] as? NSNumber)?.uint32Value,
            let group = (attributes[.groupOwnerAccountID] as? NSNumber)?.uint32Value
        else { return }
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            chown(path + suffix, owner, group)
        }
    }

    /// Adds the columns of re-checks to a sessions table an earlier version made; another process adding them at
    /// the same moment is no error.
    private static func addMissingColumns(on connection: SQLiteConnection) throws {
        for (column, statement) in addedColumns {
            let present = { () throws -> Bool in
                try connection.query("SELECT 1 FROM pragma_table_info('sessions') WHERE name = ?1", [.text(column)])
                    .isEmpty == false
            }
            guard try !present() else { continue }
            do { try connection.execute(statement) } catch { if try !present() { throw error } }
        }
    }

    private static func condition(_ selection: SessionSelection) -> (String, [SQLiteConnection.Value]) {
        switch selection {
        case .all: ("", [])
        case .user(let objectID): (" WHERE object_id = ?1 COLLATE NOCASE", [.text(objectID)])
        case .session(let id): (" WHERE id = ?1", [.text(id)])
        case .providerSession(let sid): (" WHERE provider_session_id = ?1", [.text(sid)])
        }
    }

    private static func storedSession(_ row: [SQLiteConnection.Value]) -> StoredSession? {
        guard row.count == 11, let id = row[0].text, let tenantID = row[1].text, let objectID = row[2].text,
            let issuer = row[4].text, let createdAt = row[5].integer, let lastSeen = row[6].integer,
            let expiresAt = row[7].integer, let sealed = row[8].blob, let checkedAt = row[9].integer,
            let refreshToken = row[10].blob
        else { return nil }
        return StoredSession(
            id: id, tenantID: tenantID, objectID: objectID, providerSessionID: row[3].text, issuer: issuer,
            createdAt: createdAt, lastSeen: lastSeen, expiresAt: expiresAt, sealed: sealed, checkedAt: checkedAt,
            refreshToken: refreshToken)
    }

    /// Runs `body` on a pooled connection; a connection that failed is closed rather than pooled again.
    @discardableResult
    private func withConnection<Result>(_ body: (SQLiteConnection) throws -> Result) throws -> Result {
        lock.lock()
        let pooled = idle.popLast()
        lock.unlock()
        let connection = try pooled ?? open()
        let result = try body(connection)
        lock.lock()
        idle.append(connection)
        lock.unlock()
        return result
    }

    private func open() throws -> SQLiteConnection {
        if mayCreate {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty {
                try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
        } else if !FileManager.default.fileExists(atPath: path) {
            throw AuthError(
                .sessionStore,
                "there is no session store at \(path) yet; sitegen-auth creates it at the first sign-in")
        }
        return try opening.withLock {
            let connection = try SQLiteConnection(path: path, create: mayCreate)
            try connection.execute(Self.schema)
            try Self.addMissingColumns(on: connection)
            return connection
        }
    }
}
