/// Where sessions are kept, as the `session_store` setting names it: `sqlite:PATH` or `redis://HOST:PORT/DB`.
public enum SessionStoreAddress: Sendable, Equatable {
    /// The default, with nothing to run.
    public static let defaultValue = "sqlite:/var/lib/sitegen-auth/sessions.db"

    /// A SQLite file.
    case sqlite(path: String)
    /// A Redis server.
    case redis(RedisAddress)

    /// Parses the setting; a relative SQLite path is resolved against `folder`. Nil when it is neither form.
    public init?(_ text: String, relativeTo folder: String) {
        if text.hasPrefix("sqlite:") {
            let path = String(text.dropFirst("sqlite:".count))
            guard !path.isEmpty else { return nil }
            self = .sqlite(path: path.hasPrefix("/") ? path : folder + "/" + path)
        } else if let address = RedisAddress(text) {
            self = .redis(address)
        } else {
            return nil
        }
    }

    /// The store; for the administration commands, one that never creates a new SQLite file.
    public func open(forAdministration: Bool = false) -> any SessionStore {
        switch self {
        case .sqlite(let path): SQLiteSessionStore(path: path, mayCreate: !forAdministration)
        case .redis(let address): RedisSessionStore(address: address, caching: !forAdministration)
        }
    }

    /// The address without a password, for reports and messages.
    public var display: String {
        switch self {
        case .sqlite(let path): "sqlite:" + path
        case .redis(let address): "redis://" + address.display
        }
    }
}
