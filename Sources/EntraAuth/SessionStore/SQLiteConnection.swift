import CSQLite
import Foundation

/// One SQLite connection and its prepared statements, used by one thread at a time.
final class SQLiteConnection {
    /// A value bound to or read from a statement.
    enum Value: Equatable {
        case integer(Int)
        case text(String)
        case blob([UInt8])
        case null

        var integer: Int? { if case .integer(let value) = self { value } else { nil } }
        var text: String? { if case .text(let value) = self { value } else { nil } }
        var blob: [UInt8]? {
            switch self {
            case .blob(let value): value
            case .null: []
            default: nil
            }
        }
    }

    private let handle: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]
    let path: String

    /// Opens `path`; `create` lets it make a new database file.
    init(path: String, create: Bool) throws {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let reason = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close_v2(handle)
            throw AuthError(.sessionStore, "cannot open the session store \(path): \(reason)")
        }
        self.handle = handle
        self.path = path
        sqlite3_busy_timeout(handle, 2000)
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// Runs statements that return nothing (schema, pragmas).
    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            let reason = message.map { String(cString: $0) } ?? "unknown error"
            sqlite3_free(message)
            throw AuthError(.sessionStore, "the session store \(path) failed: \(reason)")
        }
    }

    /// Runs one statement with `values` bound to `?1`, `?2`, … and returns its rows.
    @discardableResult
    func query(_ sql: String, _ values: [Value] = []) throws -> [[Value]] {
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (index, value) in values.enumerated() {
            let position = Int32(index + 1)
            switch value {
            case .integer(let number): sqlite3_bind_int64(statement, position, Int64(number))
            case .text(let text): sqlite3_bind_text(statement, position, text, -1, sitegen_sqlite_transient())
            case .blob(let bytes):
                sqlite3_bind_blob(statement, position, bytes, Int32(bytes.count), sitegen_sqlite_transient())
            case .null: sqlite3_bind_null(statement, position)
            }
        }
        var rows: [[Value]] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: rows.append(row(of: statement))
            case SQLITE_DONE: return rows
            default: throw failure()
            }
        }
    }

    /// Rows changed by the last statement.
    var changes: Int { Int(sqlite3_changes(handle)) }

    private func row(of statement: OpaquePointer) -> [Value] {
        (0..<sqlite3_column_count(statement)).map { column in
            switch sqlite3_column_type(statement, column) {
            case SQLITE_INTEGER: return .integer(Int(sqlite3_column_int64(statement, column)))
            case SQLITE_TEXT: return .text(String(cString: sqlite3_column_text(statement, column)))
            case SQLITE_BLOB:
                let count = Int(sqlite3_column_bytes(statement, column))
                guard let bytes = sqlite3_column_blob(statement, column), count > 0 else { return .blob([]) }
                return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
            default: return .null
            }
        }
    }

    private func prepared(_ sql: String) throws -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK,
            let statement
        else { throw failure() }
        statements[sql] = statement
        return statement
    }

    private func failure() -> AuthError {
        AuthError(.sessionStore, "the session store \(path) failed: \(String(cString: sqlite3_errmsg(handle)))")
    }
}
