import Foundation

/// The settings as they arrived, by key — from a TOML `[auth]` table or the environment — with typed readers that
/// name the key in every error. `AuthConfig(validating:relativeTo:)` turns them into the validated config.
struct RawSettings {
    enum Value {
        case text(String)
        case list([String])
        case flag(Bool)
    }

    var values: [String: Value] = [:]
    /// Keys whose value was already reported as a problem (the wrong type): their readers throw `AlreadyReported`,
    /// so the key is not also called missing.
    var reported: Set<String> = []
    /// Names a key in messages: `auth.toml: [auth] client_id` or `environment variable CLIENT_ID`.
    let describe: (String) -> String

    static func environmentName(of key: String) -> String {
        switch key {
        case "server_metadata_url": "AUTHORITY"
        case "manifest": "SITEGEN_MANIFEST"
        default: key.uppercased()
        }
    }

    /// What a reader throws for a key in `reported`; `ConfigProblems` notes nothing more for it.
    struct AlreadyReported: Error {}

    func text(_ key: String) throws -> String? {
        if reported.contains(key) { throw AlreadyReported() }
        switch values[key] {
        case nil: return nil
        case .text(let value): return value
        default: throw AuthError(.config, "\(describe(key)) must be a string")
        }
    }

    func required(_ key: String, hint: String) throws -> String {
        guard let value = try text(key), !value.isEmpty else {
            throw AuthError(.config, "\(describe(key)) is missing: \(hint)")
        }
        return value
    }

    func list(_ key: String) throws -> [String] {
        if reported.contains(key) { throw AlreadyReported() }
        switch values[key] {
        case nil: return []
        case .list(let value): return value
        case .text(let value): return value.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        case .flag: throw AuthError(.config, "\(describe(key)) must be a list of strings")
        }
    }

    /// `true`/`false` in TOML; in the environment also the text `true`, `false`, `1` or `0`.
    func flag(_ key: String) throws -> Bool {
        if reported.contains(key) { throw AlreadyReported() }
        switch values[key] {
        case nil: return false
        case .flag(let value): return value
        case .text("true"), .text("1"): return true
        case .text("false"), .text("0"): return false
        default: throw AuthError(.config, "\(describe(key)) must be true or false")
        }
    }

    func url(_ key: String, _ text: String) throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme, let host = url.host, !host.isEmpty else {
            throw AuthError(.config, "\(describe(key)) is not an absolute URL: '\(text)'")
        }
        guard scheme == "https" || (scheme == "http" && LoopbackHost.contains(host)) else {
            throw AuthError(
                .config,
                "\(describe(key)) must use https (http is allowed only for loopback hosts such as 127.0.0.1): '\(text)'"
            )
        }
        return url
    }

    /// Reads a secret from `key` or from the file named by `key_file`; both at once is ambiguous.
    func secret(_ key: String, relativeTo folder: String) throws -> [String]? {
        let fileKey = key + "_file"
        if reported.contains(key) { throw AlreadyReported() }
        if values[key] != nil, values[fileKey] != nil {
            throw AuthError(.config, "\(describe(key)) and \(describe(fileKey)) are both set; keep one")
        }
        if let path = try text(fileKey) {
            let resolved = path.hasPrefix("/") ? path : folder + "/" + path
            guard let data = FileManager.default.contents(atPath: resolved) else {
                throw Self.unreadable(resolved, describe(fileKey))
            }
            let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !lines.isEmpty else { throw AuthError(.config, "\(describe(fileKey)): '\(resolved)' is empty") }
            return lines
        }
        switch values[key] {
        case nil: return nil
        case .text(let value): return [value]
        case .list(let value): return value
        case .flag: throw AuthError(.config, "\(describe(key)) must be a string")
        }
    }

    /// A duration such as `8h`, `90m` or `1h30m`, in seconds; nil when the key is not set.
    func duration(_ key: String) throws -> TimeInterval? {
        guard let text = try text(key) else { return nil }
        guard let seconds = DurationText.seconds(text) else {
            throw AuthError(.config, "\(describe(key)) '\(text)' is not a duration like 8h, 90m or 1h30m")
        }
        return seconds
    }

    /// A list of tenant ids (GUIDs), lowercased.
    func tenantIDs(_ key: String) throws -> [String] {
        let tenants = try list(key)
        if let bad = tenants.first(where: { !TenantID.isGUID($0) }) {
            throw AuthError(.config, "\(describe(key)) entry '\(bad)' is not a tenant id (a GUID)")
        }
        return tenants.map { $0.lowercased() }
    }

    /// The text of the file at `path`, which `key` names.
    func readText(_ path: String, key: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else { throw Self.unreadable(path, describe(key)) }
        return String(decoding: data, as: UTF8.self)
    }

    /// The error for the file at `path`, which `key` names, that cannot be read: why, and as whom.
    private static func unreadable(_ path: String, _ key: String) -> AuthError {
        let user = getpwuid(geteuid()).map { String(cString: $0.pointee.pw_name) } ?? "uid \(geteuid())"
        var isFolder: ObjCBool = false
        let reason =
            !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            ? "there is no such file"
            : isFolder.boolValue
                ? "it is a folder; name the file in it" : "the user \(user), whom sitegen-auth runs as, may not read it"
        return AuthError(.config, "\(key): cannot read '\(path)': \(reason)")
    }

    func resolve(_ path: String, in folder: String) -> String {
        path.hasPrefix("/") ? path : folder + "/" + path
    }
}
