import Foundation

/// Starts a sign-in: a fresh state, nonce and PKCE verifier in a sealed cookie, then 302 to the provider.
struct LoginEndpoint: Endpoint {
    /// The authorization request's parameters that are the same for every sign-in: client id, redirect URI.
    let clientParameters: [(String, String)]
    /// The `scope` of a sign-in without and with Graph's `User.Read`, asked for while the rules use groups: an
    /// overage reader's groups are read from Graph with the access token of the sign-in (`OverageGroups`).
    let scope: (withoutGroups: String, withGroups: String)
    let manifest: ManifestStore
    /// The configured `prompt` and `domain_hint`, when set.
    let configuredHints: [(String, String)]
    let provider: IdentityProvider
    let transactions: TransactionCookies
    let time: any TimeSource
    let random: any RandomSource
    let log: AuthLog

    init(
        config: AuthConfig, manifest: ManifestStore, provider: IdentityProvider, transactions: TransactionCookies,
        time: any TimeSource,
        random: any RandomSource, log: AuthLog
    ) {
        clientParameters = [
            ("client_id", config.clientID),
            ("response_type", "code"),
            ("response_mode", "query"),
            ("redirect_uri", config.redirectURI.absoluteString),
        ]
        scope = (config.scope(readingGroups: false), config.scope(readingGroups: true))
        self.manifest = manifest
        configuredHints = [("prompt", config.prompt), ("domain_hint", config.domainHint)].compactMap { name, value in
            value.map { (name, $0) }
        }
        self.provider = provider
        self.transactions = transactions
        self.time = time
        self.random = random
        self.log = log
    }

    func respond(to request: Request) -> Response {
        let returnPath = ReturnPath.sanitize(request.query["rd"])
        let metadata: ProviderMetadata
        do {
            metadata = try provider.current(refreshing: true).metadata
        } catch {
            log.write(event: "login_unavailable", ["reason": "\(error)"])
            return SignInPages.unavailable(retry: "/.auth/login?rd=" + FormEncoding.escape(returnPath))
        }
        let now = time.now()
        let slot = transactions.freeSlot(in: request.cookies, now: now, random: random)
        let transaction = LoginTransaction.start(returnPath: returnPath, slot: slot, random: random, now: now)
        var parameters =
            clientParameters + [
                ("scope", manifest.usesGroups ? scope.withGroups : scope.withoutGroups),
                ("state", transaction.state),
                ("nonce", transaction.nonce),
                ("code_challenge", transaction.codeChallenge),
                ("code_challenge_method", "S256"),
            ] + configuredHints
        if let loginHint = request.query["login_hint"], !loginHint.isEmpty {
            parameters.append(("login_hint", loginHint))
        }

        let cookies: [String]
        do {
            cookies =
                transactions.cleanUp(request.cookies, now: now, keeping: transactions.name(ofSlot: slot))
                + [try transactions.setCookie(for: transaction, random: random)]
        } catch {
            return .text(500, "Cannot start sign-in")
        }
        log.write(event: "login_start", ["rd": returnPath])
        let separator = metadata.authorizationEndpoint.query == nil ? "?" : "&"
        return .redirect(
            to: metadata.authorizationEndpoint.absoluteString + separator + FormEncoding.encode(parameters),
            cookies: cookies
        )
    }
}
