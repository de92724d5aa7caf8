import AccessRules
import Foundation

extension AuthConfig {
    /// Validates `settings` into a config; relative paths are resolved against `folder`. Every problem, those
    /// reading the file found (`found`) first, is a line of one `AuthError` of kind `.config` naming the key and
    /// what to do, so one run lists them all.
    init(validating settings: RawSettings, relativeTo folder: String, problems found: ConfigProblems = .init()) throws {
        var problems = found
        let redirectURI = try problems.value {
            try settings.url(
                "redirect_uri",
                try settings.required(
                    "redirect_uri",
                    hint:
                        "set it to the exact Redirect URI registered in Entra, e.g. https://site.example/.auth/callback"
                ))
        }
        let cookieSecrets = try problems.value { try Self.cookieSecrets(settings, relativeTo: folder) }
        let clientID = try problems.value {
            try settings.required("client_id", hint: "copy the Application (client) ID from the app registration")
        }
        let clientAuthentication = try problems.value { try Self.clientAuthentication(settings, relativeTo: folder) }
        let metadataURL = try problems.value {
            try settings.url(
                "server_metadata_url",
                try settings.required(
                    "server_metadata_url",
                    hint: settings.describe("server_metadata_url").hasPrefix("environment variable")
                        ? "e.g. https://login.microsoftonline.com/<tenant id>"
                        : "e.g. https://login.microsoftonline.com/<tenant id>/v2.0/.well-known/openid-configuration"))
        }
        // Entra's client ids are GUIDs; anything else fails every sign-in with AADSTS700016, long after start.
        if let clientID, let host = metadataURL?.host()?.lowercased(), TenantID.isEntraHost(host),
            !TenantID.isGUID(clientID)
        {
            problems.note(
                "\(settings.describe("client_id")) '\(clientID)' is no Application (client) ID, which is a GUID in "
                    + "Entra: copy it from the app registration's Overview page")
        }
        let postLogout = try problems.value {
            try settings.text("post_logout_redirect_uri").map { try settings.url("post_logout_redirect_uri", $0) }
        }
        let scopes = try problems.value { try settings.list("scopes") }
        let tenants = try problems.value { try settings.tenantIDs("allowed_tenants") }
        let allowsAnyTenant = try problems.value { try settings.flag("allow_any_tenant") }
        let roleTenants = try problems.value {
            settings.values["role_tenants"] == nil ? nil : try settings.tenantIDs("role_tenants")
        }
        let multiTenant = metadataURL.map(TenantID.isMultiTenantAuthority) ?? false
        if multiTenant, tenants?.isEmpty == true, allowsAnyTenant == false {
            problems.note(
                "\(settings.describe("server_metadata_url")) is a multi-tenant authority ('common' or 'organizations'), so "
                    + "every Microsoft work or school account (with 'common', every personal account too) could sign "
                    + "in and read signed-in pages: set allowed_tenants (ALLOWED_TENANTS) to the tenant ids you trust, or "
                    + "allow_any_tenant = true (ALLOW_ANY_TENANT=true) if any tenant is really meant")
        }
        if allowsAnyTenant == true, tenants?.isEmpty == false {
            problems.note(
                "\(settings.describe("allow_any_tenant")) and \(settings.describe("allowed_tenants")) are both set; keep one"
            )
        }
        let lifetime = try problems.value { try settings.duration("session_lifetime") }
        let idleTimeout = try problems.value { try Self.idleTimeout(settings) }
        let recheck = try problems.value { try Self.recheck(settings) }
        let store = try problems.value { try Self.sessionStore(settings, relativeTo: folder) }
        let prompt = try problems.value { try settings.text("prompt") }
        let domainHint = try problems.value { try settings.text("domain_hint") }
        let manifest = try problems.value { try settings.text("manifest") }
        let allowEmailRules = try problems.value { try settings.flag("allow_email_rules") }
        let unknownPaths = try problems.value { try Self.unknownPaths(settings) }
        let cacheDirectory = try problems.value { try settings.text("cache_dir") }
        let graph = try problems.value {
            try settings.text("graph_url").map {
                try settings.url("graph_url", $0.hasSuffix("/") ? String($0.dropLast()) : $0)
            }
        }
        guard problems.messages.isEmpty, let redirectURI, let cookieSecrets, let clientID, let clientAuthentication,
            let metadataURL, let postLogout, let scopes, let tenants, let allowsAnyTenant, let roleTenants,
            let lifetime,
            let idleTimeout, let recheck, let store, let prompt, let domainHint, let manifest, let allowEmailRules,
            let unknownPaths, let cacheDirectory, let graph
        else { throw problems.error }
        self.init(
            redirectURI: redirectURI,
            cookieSecrets: cookieSecrets,
            clientID: clientID,
            clientAuthentication: clientAuthentication,
            serverMetadataURL: metadataURL,
            postLogoutRedirectURI: redirectURI,
            extraScopes: scopes.filter { !["openid", "profile", "email"].contains($0) },
            allowedTenants: tenants,
            sessionLifetime: lifetime ?? 8 * 3600,
            prompt: prompt,
            domainHint: domainHint,
            manifestPath: settings.resolve(manifest ?? "/srv/sitegen/public/.sitegen/access.json", in: folder),
            allowEmailRules: allowEmailRules,
            unknownPaths: unknownPaths,
            cacheDirectory: settings.resolve(cacheDirectory ?? "/var/cache/sitegen-auth", in: folder)
        )
        postLogoutRedirectURI = postLogout ?? URL(string: origin + "/" + SpecialPage.signedOut.routePath)!
        self.allowsAnyTenant = allowsAnyTenant
        sessionIdleTimeout = idleTimeout
        (recheckEvery, recheckGrace) = recheck
        sessionStore = store
        if let graph { graphURL = graph }
        self.roleTenants = roleTenants ?? (multiTenant ? [] : nil)
    }

    /// `cookie_secret` or `cookie_secret_file`: one secret or more (the first seals cookies, all open them), each
    /// strong enough.
    private static func cookieSecrets(_ settings: RawSettings, relativeTo folder: String) throws -> [[UInt8]] {
        guard let secrets = try settings.secret("cookie_secret", relativeTo: folder) else {
            throw AuthError(
                .config,
                "\(settings.describe("cookie_secret")) is missing: make one with `openssl rand -base64 48` and keep it secret"
            )
        }
        return try secrets.map { secret in
            guard CookieSecretStrength.isStrong(secret) else {
                throw AuthError(
                    .config,
                    "\(settings.describe("cookie_secret")) is too weak (it needs at least 32 random bytes); "
                        + "make one with `openssl rand -base64 48`"
                )
            }
            return Array(secret.utf8)
        }
    }

    /// `unknown_paths`: "deny" (the default) or "signed-in".
    private static func unknownPaths(_ settings: RawSettings) throws -> UnknownPathPolicy {
        let text = try settings.text("unknown_paths") ?? UnknownPathPolicy.deny.rawValue
        guard let policy = UnknownPathPolicy(rawValue: text) else {
            throw AuthError(
                .config, "\(settings.describe("unknown_paths")) must be \"deny\" or \"signed-in\", not '\(text)'")
        }
        return policy
    }

    /// `session_idle_timeout`, at least a minute; nil when not set.
    private static func idleTimeout(_ settings: RawSettings) throws -> TimeInterval? {
        let idle = try settings.duration("session_idle_timeout")
        if let idle, idle < 60 {
            throw AuthError(
                .config,
                "\(settings.describe("session_idle_timeout")) must be at least a minute: last use is recorded every quarter of it"
            )
        }
        return idle
    }

    /// `session_store`: `sqlite:PATH` (the default) or `redis://HOST:PORT/DB`.
    private static func sessionStore(_ settings: RawSettings, relativeTo folder: String) throws -> SessionStoreAddress {
        let text = try settings.text("session_store") ?? SessionStoreAddress.defaultValue
        guard let store = SessionStoreAddress(text, relativeTo: folder) else {
            throw AuthError(
                .config,
                "\(settings.describe("session_store")) '\(SessionStoreAddress.shown(unparsed: text))' is neither sqlite:PATH (e.g. \(SessionStoreAddress.defaultValue)) "
                    + "nor redis://HOST:PORT/DB")
        }
        return store
    }

    /// `recheck_every` (default 15m, "off") and `recheck_grace` (default 1h), each at least 10 seconds.
    private static func recheck(_ settings: RawSettings) throws -> (every: TimeInterval?, grace: TimeInterval) {
        let grace = try settings.duration("recheck_grace") ?? 3_600
        guard grace >= 10 else {
            throw AuthError(.config, "\(settings.describe("recheck_grace")) must be at least 10s")
        }
        if try settings.text("recheck_every") == "off" { return (nil, grace) }
        let every = try settings.duration("recheck_every") ?? 900
        guard every >= 10 else {
            throw AuthError(
                .config, "\(settings.describe("recheck_every")) must be at least 10s, or \"off\" to turn re-checks off")
        }
        return (every, grace)
    }

    private static func clientAuthentication(_ settings: RawSettings, relativeTo folder: String) throws
        -> ClientAuthentication
    {
        let method = try settings.text("token_endpoint_auth") ?? "client_secret_post"
        switch method {
        case "client_secret_post", "client_secret_basic":
            guard let secret = try settings.secret("client_secret", relativeTo: folder)?.first else {
                throw AuthError(
                    .config,
                    "\(settings.describe("client_secret")) is missing: create a client secret in the app registration "
                        + "(or use token_endpoint_auth = \"private_key_jwt\" with a certificate)"
                )
            }
            return method == "client_secret_post" ? .secretPost(secret) : .secretBasic(secret)
        case "private_key_jwt":
            let certificatePath = settings.resolve(
                try settings.required(
                    "client_certificate", hint: "the PEM certificate uploaded to the app registration"),
                in: folder
            )
            let keyPath = settings.resolve(
                try settings.required("client_private_key", hint: "the PEM private key of that certificate"), in: folder
            )
            do {
                let certificate = try X509Certificate(
                    pem: try settings.readText(certificatePath, key: "client_certificate"))
                let key = try RSAPrivateKey(pem: try settings.readText(keyPath, key: "client_private_key"))
                guard certificate.certifies(key) else {
                    throw AuthError(
                        .config,
                        "\(settings.describe("client_private_key")) '\(keyPath)' is not the key of the certificate "
                            + "'\(certificatePath)'; use the key the certificate was made from"
                    )
                }
                return .privateKeyJWT(certificate: certificate, key: key)
            } catch let error as AuthError where error.kind == .config {
                throw error
            } catch {
                throw AuthError(.config, "\(settings.describe("client_certificate"))/client_private_key: \(error)")
            }
        default:
            throw AuthError(
                .config,
                "\(settings.describe("token_endpoint_auth")) must be client_secret_post, client_secret_basic or "
                    + "private_key_jwt, not '\(method)'"
            )
        }
    }
}
