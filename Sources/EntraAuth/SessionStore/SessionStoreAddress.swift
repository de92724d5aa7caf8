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

    /// Who opens a store, which decides what it may do beyond reading and writing sessions.
    public enum Use: Sendable {
        /// The long-running server: may create the SQLite file; keeps Redis sessions for a few seconds.
        case server
        /// A process that answers one request (CGI): may create the SQLite file; keeps nothing, subscribes to nothing.
        case oneRequest
        /// The administration commands: never create a new SQLite file; keep nothing.
        case administration
    }

    /// The store, for `use`.
    public func open(for use: Use = .server) -> any SessionStore {
        switch self {
        case .sqlite(let path): SQLiteSessionStore(path: path, mayCreate: use != .administration)
        case .redis(let address): RedisSessionStore(address: address, caching: use == .server)
        }
    }

    /// A setting that did not parse, for the message that says so: whatever stands between `://` and the last `@`
    /// (a user and password, or what was meant as one) is shown as `***`.
    public static func shown(unparsed text: String) -> String {
        guard let scheme = text.firstRange(of: "://"), let at = text.lastIndex(of: "@"), scheme.upperBound <= at
        else { return text }
        return text[..<scheme.upperBound] + "***" + text[at...]
    }

    /// The address without a password, for reports and messages.
    public var display: String {
        switch self {
        case .sqlite(let path): "sqlite:" + path
        case .redis(let address): "redis://" + address.display
        }
    }
}
