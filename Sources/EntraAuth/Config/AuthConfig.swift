public import AccessRules
public import Foundation

/// The validated settings of `sitegen-auth`, from a TOML `[auth]` table or the environment.
public struct AuthConfig: Sendable {
    /// How the client authenticates to the token endpoint.
    public enum ClientAuthentication: Sendable, Equatable {
        /// `client_id` and `client_secret` in the form body (the default).
        case secretPost(String)
        /// HTTP Basic with form-urlencoded id and secret.
        case secretBasic(String)
        /// A JWT assertion signed with the certificate's private key (recommended by Microsoft).
        case privateKeyJWT(certificate: X509Certificate, key: RSAPrivateKey)

        public static func == (lhs: Self, rhs: Self) -> Bool {
            switch (lhs, rhs) {
            case (.secretPost(let a), .secretPost(let b)), (.secretBasic(let a), .secretBasic(let b)): a == b
            case (.privateKeyJWT(let a, _), .privateKeyJWT(let b, _)): a.der == b.der
            default: false
            }
        }
    }

    /// The registered redirect URI; its path is the callback endpoint and its origin builds every absolute URL.
    public var redirectURI: URL
    /// Cookie secrets; the first seals, all open (rotation).
    public var cookieSecrets: [[UInt8]]
    /// The application (client) id.
    public var clientID: String
    /// Token endpoint authentication.
    public var clientAuthentication: ClientAuthentication
    /// The OpenID Connect discovery document URL.
    public var serverMetadataURL: URL
    /// Where Microsoft sends the browser after sign-out.
    public var postLogoutRedirectURI: URL
    /// Extra scopes beyond `openid profile email`.
    public var extraScopes: [String]
    /// Tenant ids allowed to sign in; empty means any tenant the authority admits.
    public var allowedTenants: [String]
    /// Set when a multi-tenant authority admits every tenant on purpose (`allow_any_tenant = true`).
    public var allowsAnyTenant = false
    /// Tenants whose readers' roles and groups count; nil means every admitted tenant's (single-tenant authorities).
    public var roleTenants: [String]?
    /// Absolute session lifetime.
    public var sessionLifetime: TimeInterval
    /// Sessions unused this long end; nil when they never end for being idle.
    public var sessionIdleTimeout: TimeInterval?
    /// How often a session in use is re-checked with the provider (its refresh token redeemed); nil when off. The
    /// structure's default is off; a config file's or the environment's is 15 minutes (`recheck_every`).
    public var recheckEvery: TimeInterval? = nil
    /// How long after its last successful re-check a session goes on while the provider cannot be reached.
    public var recheckGrace: TimeInterval = 3_600
    /// Where sessions are kept.
    public var sessionStore: SessionStoreAddress = .sqlite(path: "/var/lib/sitegen-auth/sessions.db")
    /// Optional `prompt` for the authorization request.
    public var prompt: String?
    /// Optional `domain_hint` for the authorization request.
    public var domainHint: String?
    /// The access manifest written by `sitegen build`.
    public var manifestPath: String
    /// Whether rules may name users by email or UPN (mutable claims).
    public var allowEmailRules: Bool
    /// What to do with paths the manifest does not list.
    public var unknownPaths: UnknownPathPolicy
    /// Where the last good discovery document and keys are kept for restarts while the provider is unreachable.
    public var cacheDirectory: String
    /// Microsoft Graph, asked for a reader's groups when Entra left them out of the ID token (overage); national
    /// clouds have their own (`https://graph.microsoft.us`, `https://microsoftgraph.chinacloudapi.cn`).
    public var graphURL = URL(string: "https://graph.microsoft.com")!
    /// The files a secret was read from: the cookie secret's, the client secret's, the certificate's private key, and
    /// the config file itself when a secret is written in it (`SecretFilePermissions` checks who may read them).
    public var secretFiles: [String] = []

    /// The scopes a sign-in asks for: `openid profile email`, `offline_access` when re-checks are on (for the refresh
    /// token they redeem), then the configured extras.
    public var scopes: [String] {
        ["openid", "profile", "email"] + (recheckEvery == nil ? [] : ["offline_access"])
            + extraScopes.filter { $0 != "offline_access" }
    }

    /// The `scope` a sign-in asks for and a re-check's refresh asks again (Microsoft's token endpoint expects it on a
    /// refresh, and answers an ID token and a Graph access token only for the scopes named): `scopes`, and while the
    /// rules use groups, Microsoft Graph's `User.Read`, whose access token reads an overage reader's groups.
    func scope(readingGroups: Bool) -> String {
        (readingGroups ? scopes + [graphURL.absoluteString + "/User.Read"] : scopes).joined(separator: " ")
    }

    /// The tenant rules every check applies.
    public var tenantScope: TenantScope { TenantScope(allowedTenants: allowedTenants, roleTenants: roleTenants) }

    /// Cookies may carry `Secure` and the `__Host-` prefix only when the site is served over https.
    public var isSecureSite: Bool { redirectURI.scheme == "https" }

    /// The callback path, taken from the redirect URI (`/.auth/callback`, `/oauth2callback`, …).
    public var callbackPath: String { redirectURI.path.isEmpty ? "/" : redirectURI.path }

    /// `https://site.example` — the origin that absolute URLs are built from, never the request's Host header.
    public var origin: String {
        var origin = "\(redirectURI.scheme ?? "https")://\(redirectURI.host ?? "")"
        if let port = redirectURI.port { origin += ":\(port)" }
        return origin
    }
}
