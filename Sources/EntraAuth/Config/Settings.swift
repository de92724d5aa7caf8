import AccessRules
import Foundation

/// Raw settings by key, whichever shape they arrived in, validated into an `AuthConfig` in one place.
struct Settings {
    enum Value {
        case text(String)
        case list([String])
        case flag(Bool)
    }

    var values: [String: Value] = [:]
    /// Names a key in messages: `auth.toml: [auth] client_id` or `environment variable CLIENT_ID`.
    let describe: (String) -> String

    static func environmentName(of key: String) -> String {
        switch key {
        case "server_metadata_url": "AUTHORITY"
        case "manifest": "SITEGEN_MANIFEST"
        default: key.uppercased()
        }
    }

    func text(_ key: String) throws -> String? {
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
        switch values[key] {
        case nil: return []
        case .list(let value): return value
        case .text(let value): return value.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        case .flag: throw AuthError(.config, "\(describe(key)) must be a list of strings")
        }
    }

    /// `true`/`false` in TOML; in the environment also the text `true`, `false`, `1` or `0`.
    func flag(_ key: String) throws -> Bool {
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
        if values[key] != nil, values[fileKey] != nil {
            throw AuthError(.config, "\(describe(key)) and \(describe(fileKey)) are both set; keep one")
        }
        if let path = try text(fileKey) {
            let resolved = path.hasPrefix("/") ? path : folder + "/" + path
            guard let data = FileManager.default.contents(atPath: resolved) else {
                throw AuthError(.config, "\(describe(fileKey)): cannot read '\(resolved)'")
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

    func config(relativeTo folder: String) throws -> AuthConfig {
        let redirectURI = try url(
            "redirect_uri",
            try required(
                "redirect_uri",
                hint: "set it to the exact Redirect URI registered in Entra, e.g. https://site.example/.auth/callback")
        )
        guard let secrets = try secret("cookie_secret", relativeTo: folder) else {
            throw AuthError(
                .config,
                "\(describe("cookie_secret")) is missing: make one with `openssl rand -base64 48` and keep it secret"
            )
        }
        let cookieSecrets = try secrets.map { secret in
            guard CookieSecretStrength.isStrong(secret) else {
                throw AuthError(
                    .config,
                    "\(describe("cookie_secret")) is too weak (it needs at least 32 random bytes); "
                        + "make one with `openssl rand -base64 48`"
                )
            }
            return Array(secret.utf8)
        }
        let clientID = try required("client_id", hint: "copy the Application (client) ID from the app registration")
        let metadataURL = try url(
            "server_metadata_url",
            try required(
                "server_metadata_url",
                hint: "e.g. https://login.microsoftonline.com/<tenant id>/v2.0/.well-known/openid-configuration"
            )
        )
        let lifetime = try duration("session_lifetime") ?? 8 * 3600
        let unknownText = try text("unknown_paths") ?? UnknownPathPolicy.deny.rawValue
        guard let unknownPaths = UnknownPathPolicy(rawValue: unknownText) else {
            throw AuthError(
                .config, "\(describe("unknown_paths")) must be \"deny\" or \"signed-in\", not '\(unknownText)'")
        }
        let postLogout = try text("post_logout_redirect_uri").map { try url("post_logout_redirect_uri", $0) }
        let tenants = try tenantIDs("allowed_tenants")
        let allowsAnyTenant = try flag("allow_any_tenant")
        let multiTenant = TenantID.isMultiTenantAuthority(metadataURL)
        if multiTenant, tenants.isEmpty, !allowsAnyTenant {
            throw AuthError(
                .config,
                "\(describe("server_metadata_url")) is a multi-tenant authority ('common' or 'organizations'), so "
                    + "every Microsoft work or school account (with 'common', every personal account too) could sign "
                    + "in and read signed-in pages: set allowed_tenants (ALLOWED_TENANTS) to the tenant ids you trust, or "
                    + "allow_any_tenant = true (ALLOW_ANY_TENANT=true) if any tenant is really meant"
            )
        }
        if allowsAnyTenant, !tenants.isEmpty {
            throw AuthError(
                .config,
                "\(describe("allow_any_tenant")) and \(describe("allowed_tenants")) are both set; keep one")
        }
        let roleTenants = values["role_tenants"] == nil ? nil : try tenantIDs("role_tenants")
        var config = AuthConfig(
            redirectURI: redirectURI,
            cookieSecrets: cookieSecrets,
            clientID: clientID,
            clientAuthentication: try clientAuthentication(relativeTo: folder),
            serverMetadataURL: metadataURL,
            postLogoutRedirectURI: redirectURI,
            extraScopes: try list("scopes").filter { !["openid", "profile", "email"].contains($0) },
            allowedTenants: tenants,
            sessionLifetime: lifetime,
            prompt: try text("prompt"),
            domainHint: try text("domain_hint"),
            manifestPath: resolve(try text("manifest") ?? "/srv/sitegen/public/.sitegen/access.json", in: folder),
            allowEmailRules: try flag("allow_email_rules"),
            unknownPaths: unknownPaths,
            cacheDirectory: resolve(try text("cache_dir") ?? "/var/cache/sitegen-auth", in: folder)
        )
        config.postLogoutRedirectURI = postLogout ?? URL(string: config.origin + "/" + SpecialPage.signedOut.routePath)!
        config.allowsAnyTenant = allowsAnyTenant
        config.sessionIdleTimeout = try duration("session_idle_timeout")
        if let idle = config.sessionIdleTimeout, idle < 60 {
            throw AuthError(
                .config,
                "\(describe("session_idle_timeout")) must be at least a minute: last use is recorded once a minute")
        }
        let storeText = try text("session_store") ?? SessionStoreAddress.defaultValue
        guard let store = SessionStoreAddress(storeText, relativeTo: folder) else {
            throw AuthError(
                .config,
                "\(describe("session_store")) '\(storeText)' is neither sqlite:PATH (e.g. \(SessionStoreAddress.defaultValue)) "
                    + "nor redis://HOST:PORT/DB")
        }
        config.sessionStore = store
        config.roleTenants = roleTenants ?? (multiTenant ? [] : nil)
        return config
    }

    /// A duration such as `8h`, `90m` or `1h30m`, in seconds; nil when the key is not set.
    private func duration(_ key: String) throws -> TimeInterval? {
        guard let text = try text(key) else { return nil }
        guard let seconds = DurationText.seconds(text) else {
            throw AuthError(.config, "\(describe(key)) '\(text)' is not a duration like 8h, 90m or 1h30m")
        }
        return seconds
    }

    /// A list of tenant ids (GUIDs), lowercased.
    private func tenantIDs(_ key: String) throws -> [String] {
        let tenants = try list(key)
        if let bad = tenants.first(where: { !TenantID.isGUID($0) }) {
            throw AuthError(.config, "\(describe(key)) entry '\(bad)' is not a tenant id (a GUID)")
        }
        return tenants.map { $0.lowercased() }
    }

    private func clientAuthentication(relativeTo folder: String) throws -> AuthConfig.ClientAuthentication {
        let method = try text("token_endpoint_auth") ?? "client_secret_post"
        switch method {
        case "client_secret_post", "client_secret_basic":
            guard let secret = try self.secret("client_secret", relativeTo: folder)?.first else {
                throw AuthError(
                    .config,
                    "\(describe("client_secret")) is missing: create a client secret in the app registration "
                        + "(or use token_endpoint_auth = \"private_key_jwt\" with a certificate)"
                )
            }
            return method == "client_secret_post" ? .secretPost(secret) : .secretBasic(secret)
        case "private_key_jwt":
            let certificatePath = resolve(
                try required("client_certificate", hint: "the PEM certificate uploaded to the app registration"),
                in: folder
            )
            let keyPath = resolve(
                try required("client_private_key", hint: "the PEM private key of that certificate"), in: folder)
            do {
                let certificate = try X509Certificate(pem: try readText(certificatePath, key: "client_certificate"))
                let key = try RSAPrivateKey(pem: try readText(keyPath, key: "client_private_key"))
                guard certificate.certifies(key) else {
                    throw AuthError(
                        .config,
                        "\(describe("client_private_key")) '\(keyPath)' is not the key of the certificate "
                            + "'\(certificatePath)'; use the key the certificate was made from"
                    )
                }
                return .privateKeyJWT(certificate: certificate, key: key)
            } catch let error as AuthError where error.kind == .config {
                throw error
            } catch {
                throw AuthError(.config, "\(describe("client_certificate"))/client_private_key: \(error)")
            }
        default:
            throw AuthError(
                .config,
                "\(describe("token_endpoint_auth")) must be client_secret_post, client_secret_basic or "
                    + "private_key_jwt, not '\(method)'"
            )
        }
    }

    private func readText(_ path: String, key: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AuthError(.config, "\(describe(key)): cannot read '\(path)'")
        }
        return String(decoding: data, as: UTF8.self)
    }

    private func resolve(_ path: String, in folder: String) -> String {
        path.hasPrefix("/") ? path : folder + "/" + path
    }
}
