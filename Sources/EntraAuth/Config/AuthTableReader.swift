import TOMLKit
import TextTools

/// Reads the `[auth]` table of a TOML file into `RawSettings`, noting each problem with the line of its key: a key
/// no setting has, a value of the wrong type, a key of `[auth]` written above its line (where TOML gives it to no
/// table) that `[auth]` leaves unset, and provider tables. Streamlit names each of several providers with a table
/// of its own (`[auth.microsoft]`, for `st.login("microsoft")`); one such table is read as part of `[auth]`, since
/// sitegen-auth signs in with one provider, and more than one is a problem.
struct AuthTableReader {
    let path: String
    let lines: TOMLKeyLines

    /// Every key the `[auth]` table accepts, for the unknown-key error.
    static let knownKeys = [
        "redirect_uri", "cookie_secret", "cookie_secret_file", "client_id", "client_secret", "client_secret_file",
        "server_metadata_url", "post_logout_redirect_uri", "scopes", "allowed_tenants", "session_lifetime",
        "token_endpoint_auth", "client_certificate", "client_private_key", "prompt", "domain_hint", "manifest",
        "allow_email_rules", "unknown_paths", "cache_dir", "allow_any_tenant", "role_tenants", "session_store",
        "recheck_every", "recheck_grace",
        "session_idle_timeout", "graph_url",
    ]

    /// Keys other tools use for the tenant or issuer, which sitegen-auth reads from `server_metadata_url`.
    static let authorityKeys: Set = ["tenant", "tenant_id", "authority", "issuer", "issuer_url", "oidc_issuer_url"]

    /// What the file's `[auth]` table (`auth`, in the file's `table`) sets, and the problems found reading it.
    func read(_ auth: TOMLTable, in table: TOMLTable) -> (RawSettings, ConfigProblems) {
        var problems = ConfigProblems()
        var tableOfKey: [String: String] = [:]
        var entries: [(key: String, value: (any TOMLValueConvertible)?, table: String)] = []
        let providers = sortedByLine(auth.keys.filter { auth[$0]?.table != nil }, in: "auth")
        if providers.count > 1 {
            problems.note(
                "\(place(providers[1], in: "auth")): \(providers.map { "[auth.\($0)]" }.joined(separator: ", ")) each "
                    + "name a provider, as Streamlit names several; sitegen-auth signs in with one: keep one")
        }
        for key in sortedByLine(auth.keys.filter { auth[$0]?.table == nil }, in: "auth") {
            entries.append((key, auth[key], "auth"))
        }
        if providers.count == 1, let provider = auth[providers[0]]?.table {
            let name = "auth." + providers[0]
            for key in sortedByLine(provider.keys, in: name) {
                entries.append((key, provider[key], name))
            }
        }
        var values: [String: RawSettings.Value] = [:]
        var reported: Set<String> = []
        for (key, value, name) in entries {
            guard value?.table == nil else {
                problems.note("\(place(key, in: name)): [\(name).\(key)] is a table; write its keys in [\(name)]")
                continue
            }
            guard Self.knownKeys.contains(key) else {
                problems.note("\(place(key, in: name)): [\(name)] unknown key '\(key)'\(Self.hint(forUnknown: key))")
                continue
            }
            if let first = tableOfKey[key] {
                problems.note("\(place(key, in: name)): '\(key)' is in both [\(first)] and [\(name)]; keep one")
                continue
            }
            tableOfKey[key] = name
            let described = describe(key, in: name)
            if let string = value?.string {
                values[key] = .text(string)
            } else if let bool = value?.bool {
                values[key] = .flag(bool)
            } else if let array = value?.array, case let strings = array.compactMap(\.string),
                strings.count == array.count
            {
                values[key] = .list(strings)
            } else {
                reported.insert(key)
                problems.note(
                    value?.array != nil
                        ? "\(described) must be a list of strings"
                        : "\(described) must be a string, a list of strings or true/false")
            }
        }
        // A file may hold an app's own settings above [auth], as Streamlit's secrets.toml does: only a key of [auth]
        // that [auth] leaves unset is taken as meant for it.
        for key in sortedByLine(
            table.keys.filter { Self.knownKeys.contains($0) && tableOfKey[$0] == nil }, in: nil)
        {
            problems.note(
                "\(place(key, in: nil)): '\(key)' is outside the [auth] table, so it is not read; move it below the "
                    + "[auth] line")
        }
        let tables = tableOfKey
        var settings = RawSettings(describe: { key in describe(key, in: tables[key] ?? "auth") })
        settings.values = values
        settings.reported = reported
        return (settings, problems)
    }

    /// ` (did you mean 'client_id'?)`, or where the tenant goes for the keys other tools name it with.
    private static func hint(forUnknown key: String) -> String {
        guard Self.authorityKeys.contains(key) else {
            return ClosestName.suggestion(for: key, among: Self.knownKeys)
        }
        return "; the tenant and issuer come from server_metadata_url, e.g. server_metadata_url = "
            + "\"https://login.microsoftonline.com/<tenant id>/v2.0/.well-known/openid-configuration\""
    }

    /// `auth.toml:7: [auth.microsoft] client_id`: `key` of `table` as messages name it.
    private func describe(_ key: String, in table: String) -> String {
        "\(place(key, in: table)): [\(table)] \(key)"
    }

    /// `path:LINE` of `key` in `table` (nil: the top level), or `path` when the key is not written in the file.
    private func place(_ key: String, in table: String?) -> String {
        line(of: key, in: table).map { "\(path):\($0)" } ?? path
    }

    private func sortedByLine(_ keys: [String], in table: String?) -> [String] {
        keys.sorted { line(of: $0, in: table) ?? 0 < line(of: $1, in: table) ?? 0 }
    }

    private func line(of key: String, in table: String?) -> Int? {
        lines.line(of: table.map { $0 + "." + key } ?? key)
    }
}
