/// What `--check-config` and the start-up log say about the settings.
extension AuthConfig {
    /// `token_endpoint_auth` as the report shows it.
    var clientAuthenticationName: String {
        switch clientAuthentication {
        case .secretPost: "client_secret_post"
        case .secretBasic: "client_secret_basic"
        case .privateKeyJWT: "private_key_jwt (certificate)"
        }
    }

    /// Set when a multi-tenant authority leaves role and group rules admitting no one.
    var roleTenantsWarning: String? {
        guard roleTenants == [] else { return nil }
        return "with a multi-tenant authority, app roles and groups count only for readers of role_tenants, which "
            + "names none: pages that need roles or groups admit no one. Set role_tenants to your home tenant id."
    }
}
