import Foundation
import TOMLKit
import TextTools

/// Loading: the `[auth]` table of a TOML file, or the environment variables of Microsoft's samples.
extension AuthConfig {
    /// Loads a TOML config file; relative file paths in it are resolved against the file's folder.
    public static func load(file path: String) throws -> AuthConfig {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AuthError(.config, "\(path): cannot read the config file (does it exist, and may this user read it?)")
        }
        return try load(text: String(decoding: data, as: UTF8.self), file: path)
    }

    /// Loads the text of a TOML config file read from `path`, which names it in errors and anchors its relative paths.
    public static func load(text: String, file path: String) throws -> AuthConfig {
        if let problem = TOMLPreflight.firstProblem(in: text) {
            throw AuthError(.config, "\(path):\(problem.line): \(problem.message)")
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw AuthError(.config, "\(path):\(error.source.begin.line): \(error.description)")
        }
        guard let auth = table["auth"]?.table else {
            throw AuthError(.config, "\(path): no [auth] table; put the settings under a line reading [auth]")
        }
        let (settings, problems) = AuthTableReader(path: path, lines: TOMLKeyLines(text: text)).read(auth, in: table)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var config = try AuthConfig(validating: settings, relativeTo: folder, problems: problems)
        config.secretFiles = settings.secretFiles(relativeTo: folder, configFile: path)
        return config
    }

    /// Builds a config from `CLIENT_ID`, `CLIENT_SECRET`, `AUTHORITY` or `OIDC_AUTHORITY`, `REDIRECT_URI`,
    /// `COOKIE_SECRET` (and optionally `POST_LOGOUT_REDIRECT_URI`, `SITEGEN_MANIFEST`, `ALLOWED_TENANTS`,
    /// `ALLOW_ANY_TENANT`, `ROLE_TENANTS`, `SESSION_STORE`, `SESSION_IDLE_TIMEOUT`, `RECHECK_EVERY`, `RECHECK_GRACE`,
    /// `GRAPH_URL`).
    public static func load(environment: [String: String]) throws -> AuthConfig {
        var settings = RawSettings(describe: { "environment variable \(RawSettings.environmentName(of: $0))" })
        let direct = [
            "CLIENT_ID": "client_id", "CLIENT_SECRET": "client_secret", "REDIRECT_URI": "redirect_uri",
            "COOKIE_SECRET": "cookie_secret", "POST_LOGOUT_REDIRECT_URI": "post_logout_redirect_uri",
            "SITEGEN_MANIFEST": "manifest", "ALLOWED_TENANTS": "allowed_tenants",
            "ALLOW_ANY_TENANT": "allow_any_tenant",
            "ROLE_TENANTS": "role_tenants", "SESSION_STORE": "session_store",
            "SESSION_IDLE_TIMEOUT": "session_idle_timeout", "RECHECK_EVERY": "recheck_every",
            "RECHECK_GRACE": "recheck_grace", "GRAPH_URL": "graph_url",
        ]
        for (variable, key) in direct {
            if let value = environment[variable], !value.isEmpty { settings.values[key] = .text(value) }
        }
        if let authority = environment["OIDC_AUTHORITY"] ?? environment["AUTHORITY"], !authority.isEmpty {
            let trimmed = authority.hasSuffix("/") ? String(authority.dropLast()) : authority
            let discovery = "/.well-known/openid-configuration"
            let isEntra = environment["OIDC_AUTHORITY"] == nil && !trimmed.hasSuffix("/v2.0")
            // An authority written as its discovery document's address is taken as it is.
            settings.values["server_metadata_url"] =
                .text(trimmed.hasSuffix(discovery) ? trimmed : (isEntra ? trimmed + "/v2.0" : trimmed) + discovery)
        }
        return try AuthConfig(validating: settings, relativeTo: FileManager.default.currentDirectoryPath)
    }
}
