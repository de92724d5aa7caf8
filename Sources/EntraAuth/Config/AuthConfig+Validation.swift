import AccessRules
import Foundation

extension AuthConfig {
    /// Validates `settings` into a config; relative paths are resolved against `folder`. Every error is an
    /// `AuthError` of kind `.config` naming the key and what to do.
    init(validating settings: RawSettings, relativeTo folder: String) throws {
        let redirectURI = try settings.url(
            "redirect_uri",
            try settings.required(
                "redirect_uri",
                hint: "set it to the exact Redirect URI registered in Entra, e.g. https://site.example/.auth/callback")
        )
        guard let secrets = try settings.secret("cookie_secret", relativeTo: folder) else {
            throw AuthError(
                .config,
                "\(settings.describe("cookie_secret")) is missing: make one with `openssl rand -base64 48` and keep it secret"
            )
        }
        let cookieSecrets = try secrets.map { secret in
            guard CookieSecretStrength.isStrong(secret) else {
                throw AuthError(
                    .config,
                    "\(settings.describe("cookie_secret")) is too weak (it needs at least 32 random bytes); "
                        + "make one with `openssl rand -base64 48`"
                )
            }
            return Array(secret.utf8)
        }
        let clientID = try settings.required(
            "client_id", hint: "copy the Application (client) ID from the app registration")
        let metadataURL = try settings.url(
            "server_metadata_url",
            try settings.required(
                "server_metadata_url",
                hint: "e.g. https://login.microsoftonline.com/<tenant id>/v2.0/.well-known/openid-configuration"
            )
        )
        let lifetime = try settings.duration("session_lifetime") ?? 8 * 3600
        let unknownText = try settings.text("unknown_paths") ?? UnknownPathPolicy.deny.rawValue
        guard let unknownPaths = UnknownPathPolicy(rawValue: unknownText) else {
            throw AuthError(
                .config, "\(settings.describe("unknown_paths")) must be \"deny\" or \"signed-in\", not '\(unknownText)'"
            )
        }
        let postLogout = try settings.text("post_logout_redirect_uri").map {
            try settings.url("post_logout_redirect_uri", $0)
        }
        let tenants = try settings.tenantIDs("allowed_tenants")
        let allowsAnyTenant = try settings.flag("allow_any_tenant")
        let multiTenant = TenantID.isMultiTenantAuthority(metadataURL)
        if multiTenant, tenants.isEmpty, !allowsAnyTenant {
            throw AuthError(
                .config,
                "\(settings.describe("server_metadata_url")) is a multi-tenant authority ('common' or 'organizations'), so "
                    + "every Microsoft work or school account (with 'common', every personal account too) could sign "
                    + "in and read signed-in pages: set allowed_tenants (ALLOWED_TENANTS) to the tenant ids you trust, or "
                    + "allow_any_tenant = true (ALLOW_ANY_TENANT=true) if any tenant is really meant"
            )
        }
        if allowsAnyTenant, !tenants.isEmpty {
            throw AuthError(
                .config,
                "\(settings.describe("allow_any_tenant")) and \(settings.describe("allowed_tenants")) are both set; keep one"
            )
        }
        let roleTenants = settings.values["role_tenants"] == nil ? nil : try settings.tenantIDs("role_tenants")
        self.init(
            redirectURI: redirectURI,
            cookieSecrets: cookieSecrets,
            clientID: clientID,
            clientAuthentication: try Self.clientAuthentication(settings, relativeTo: folder),
            serverMetadataURL: metadataURL,
            postLogoutRedirectURI: redirectURI,
            extraScopes: try settings.list("scopes").filter { !["openid", "profile", "email"].contains($0) },
            allowedTenants: tenants,
            sessionLifetime: lifetime,
            prompt: try settings.text("prompt"),
            domainHint: try settings.text("domain_hint"),
            manifestPath: settings.resolve(
                try settings.text("manifest") ?? "/srv/sitegen/public/.sitegen/access.json", in: folder),
            allowEmailRules: try settings.flag("allow_email_rules"),
            unknownPaths: unknownPaths,
            cacheDirectory: settings.resolve(try settings.text("cache_dir") ?? "/var/cache/sitegen-auth", in: folder)
        )
        postLogoutRedirectURI = postLogout ?? URL(string: origin + "/" + SpecialPage.signedOut.routePath)!
        self.allowsAnyTenant = allowsAnyTenant
        sessionIdleTimeout = try settings.duration("session_idle_timeout")
        if let idle = sessionIdleTimeout, idle < 60 {
            throw AuthError(
                .config,
                "\(settings.describe("session_idle_timeout")) must be at least a minute: last use is recorded once a minute"
            )
        }
        (recheckEvery, recheckGrace) = try Self.recheck(settings)
        let storeText = try settings.text("session_store") ?? SessionStoreAddress.defaultValue
        guard let store = SessionStoreAddress(storeText, relativeTo: folder) else {
            throw AuthError(
                .config,
                "\(settings.describe("session_store")) '\(storeText)' is neither sqlite:PATH (e.g. \(SessionStoreAddress.defaultValue)) "
                    + "nor redis://HOST:PORT/DB")
        }
        sessionStore = store
        if let graph = try settings.text("graph_url") {
            graphURL = try settings.url("graph_url", graph.hasSuffix("/") ? String(graph.dropLast()) : graph)
        }
        self.roleTenants = roleTenants ?? (multiTenant ? [] : nil)
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
