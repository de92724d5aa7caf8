import EntraAuth
import Foundation

/// The handler with its real parts: URLSession, the system clock and CSPRNG, stderr logging, a manifest watcher.
struct AuthService {
    let config: AuthConfig
    let log = AuthLog()
    let provider: IdentityProvider
    let manifest: ManifestStore
    let handler: AuthHandler

    init(config: AuthConfig) {
        self.config = config
        let http = URLSessionHTTPClient()
        provider = IdentityProvider(
            metadataURL: config.serverMetadataURL,
            http: http,
            time: SystemTime(),
            cacheDirectory: config.cacheDirectory,
            log: log
        )
        manifest = ManifestStore(
            path: config.manifestPath,
            unknownPaths: config.unknownPaths,
            emailRulesAllowed: config.allowEmailRules,
            log: log
        )
        handler = AuthHandler(
            config: config,
            provider: provider,
            manifest: manifest,
            http: http,
            time: SystemTime(),
            random: SystemRandom(),
            log: log
        )
    }

    /// Loads what it can; a provider or manifest that is not there yet is retried later, never a crash.
    func start() {
        do {
            let outcome = try provider.start()
            log.write(event: "provider_ready", ["detail": outcome])
        } catch {
            log.write(event: "provider_unavailable", ["reason": "\(error)"])
        }
        if let problem = manifest.reloadIfChanged() {
            log.write(event: "manifest_unavailable", ["reason": problem])
        }
        let manifest = self.manifest
        let watcher = Thread {
            while true {
                Thread.sleep(forTimeInterval: 1)
                manifest.reloadIfChanged()
            }
        }
        watcher.name = "manifest-watcher"
        watcher.start()
    }

    /// The `--check-config` report: every setting that matters, then discovery, keys and the manifest.
    func checkReport() -> (text: String, ok: Bool) {
        var lines = [
            "config: ok",
            "  client_id: \(config.clientID)",
            "  redirect_uri: \(config.redirectURI.absoluteString) (callback path \(config.callbackPath))",
            "  post_logout_redirect_uri: \(config.postLogoutRedirectURI.absoluteString)",
            "  server_metadata_url: \(config.serverMetadataURL.absoluteString)",
            "  token_endpoint_auth: \(config.clientAuthenticationName)",
            "  cookie secrets: \(config.cookieSecrets.count) (cookies \(config.isSecureSite ? "Secure, __Host- prefix" : "not Secure: http site"))",
            "  session_lifetime: \(Int(config.sessionLifetime)) s",
            "  allowed_tenants: \(config.allowedTenants.isEmpty ? "any the authority admits" : config.allowedTenants.joined(separator: ", "))",
        ]
        var ok = true
        do {
            lines.append("identity provider: \(try provider.start())")
        } catch {
            lines.append("identity provider: FAILED — \(error)")
            ok = false
        }
        if let problem = manifest.reloadIfChanged() {
            lines.append("access manifest: not loaded — \(problem)")
        } else {
            lines.append("access manifest: \(config.manifestPath) loaded")
        }
        return (lines.joined(separator: "\n"), ok)
    }
}

extension AuthConfig {
    var clientAuthenticationName: String {
        switch clientAuthentication {
        case .secretPost: "client_secret_post"
        case .secretBasic: "client_secret_basic"
        case .privateKeyJWT: "private_key_jwt (certificate)"
        }
    }
}
