import Foundation
import TextTools

/// What `sitegen-auth sessions list` and `sessions revoke` do: read or end sessions in the store the configuration
/// names, and say what happened in words an administrator can act on.
///
/// It opens the store as the service does, but never creates a SQLite file: run as root before the service's first
/// sign-in, that would leave a file the service could not write to.
public struct SessionAdministration: Sendable {
    private let registry: SessionRegistry
    private let store: SessionStoreAddress

    /// Opens the store `config` names.
    public init(config: AuthConfig) {
        store = config.sessionStore
        registry = SessionRegistry(
            store: config.sessionStore.open(for: .administration), config: config, time: SystemTime(),
            random: SystemRandom(), log: AuthLog { _ in })
    }

    /// A table of the live sessions (those today's settings accept), of one person when `user` (an object id) is
    /// given.
    public func list(user: String?) throws -> String {
        defer { keepOwnership() }
        let sessions = try registry.list(user.map { .user(objectID: $0) } ?? .all)
        guard !sessions.isEmpty else {
            return user.map { "No sessions of user \($0) in \(store.display)." } ?? "No sessions in \(store.display)."
        }
        let rows = sessions.map { entry in
            [
                entry.stored.id, entry.stored.objectID,
                entry.session?.displayName ?? "(does not open: another secret, or altered)",
                Self.time(entry.stored.createdAt), Self.time(entry.stored.lastSeen),
                Self.time(registry.expiry(of: entry.stored)),
            ]
        }
        return Self.table(header: ["SESSION", "USER", "NAME", "CREATED", "LAST SEEN", "EXPIRES"], rows: rows)
            + "\n\(sessions.count) session\(sessions.count == 1 ? "" : "s") (times in UTC; last seen is updated about once a minute)."
    }

    /// Ends the selected sessions; the message says how many. Throws when a named session does not exist.
    public func revoke(_ selection: SessionSelection) throws -> String {
        defer { keepOwnership() }
        let ended = try registry.end(selection)
        let count = "\(ended) session\(ended == 1 ? "" : "s")"
        switch selection {
        case .session(let id):
            guard ended == 1 else { throw AuthError(.sessionStore, "no session with id \(id) in \(store.display)") }
            return "Ended session \(id). Its cookie opens nothing from now on."
        case .user(let objectID): return "Ended \(count) of user \(objectID)."
        case .providerSession(let sid): return "Ended \(count) of Entra session \(sid)."
        case .all: return "Ended \(count): every reader signs in again."
        }
    }

    private func keepOwnership() {
        (registry.store as? SQLiteSessionStore)?.keepOwnership()
    }

    private static func time(_ seconds: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// Columns padded to their widest cell. Every cell is shown without control and format characters (as `?`):
    /// a display name comes from the identity provider, and an escape sequence in it must not reach the terminal of
    /// the administrator running the command (to rewrite rows, or set the clipboard with OSC 52).
    private static func table(header: [String], rows: [[String]]) -> String {
        let rows = rows.map { row in row.map { $0.replacingControlCharacters(with: "?") } }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
