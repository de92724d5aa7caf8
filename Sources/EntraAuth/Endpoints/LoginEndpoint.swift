import Foundation

extension AuthHandler {
    /// Starts a sign-in: a fresh state, nonce and PKCE verifier in a sealed cookie, then 302 to the provider.
    func login(_ request: Request) -> Response {
        let returnPath = ReturnPath.sanitize(request.query["rd"])
        let metadata: ProviderMetadata
        do {
            metadata = try provider.current().metadata
        } catch {
            log.write(event: "login_unavailable", ["reason": "\(error)"])
            return HTMLPage.render(
                status: 503,
                title: "Sign-in is unavailable",
                paragraphs: ["The sign-in service cannot be reached right now. Please try again in a minute."],
                links: [("Try again", "/.auth/login?rd=" + FormEncoding.escape(returnPath))]
            )
        }
        let now = time.now()
        let slot = transactions.freeSlot(in: request.cookies, now: now, random: random)
        let transaction = LoginTransaction.start(returnPath: returnPath, slot: slot, random: random, now: now)
        var parameters: [(String, String)] = [
            ("client_id", config.clientID),
            ("response_type", "code"),
            ("response_mode", "query"),
            ("redirect_uri", config.redirectURI.absoluteString),
            ("scope", (["openid", "profile", "email"] + config.extraScopes).joined(separator: " ")),
            ("state", transaction.state),
            ("nonce", transaction.nonce),
            ("code_challenge", transaction.codeChallenge),
            ("code_challenge_method", "S256"),
        ]
        if let prompt = config.prompt { parameters.append(("prompt", prompt)) }
        if let domainHint = config.domainHint { parameters.append(("domain_hint", domainHint)) }
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

    /// Where nginx sends a 401 from the check: page navigations go to sign-in with the original URI as the return
    /// path; fetch/XHR requests (`Sec-Fetch-Mode` other than `navigate`) keep a plain 401.
    ///
    /// A browser that still sends a session cookie whose session has ended (idle, expired, revoked, signed out of
    /// Entra) may hold restricted files from that session in its cache: the answer empties the cache and deletes
    /// the cookie, so this happens once.
    func signInRequired(_ request: Request) -> Response {
        let mode = request.headers["sec-fetch-mode"] ?? "navigate"
        var response: Response
        if mode == "navigate" {
            let returnPath = ReturnPath.sanitize(request.headers["x-original-uri"])
            response = .redirect(to: "/.auth/login?rd=" + FormEncoding.escape(returnPath))
        } else {
            response = .text(401, "Sign-in required")
        }
        guard request.cookies[sessionCookie.name] != nil, case .anonymous = reader(of: request) else { return response }
        response.headers.append(("Set-Cookie", sessionCookie.clearCookie))
        return response.forgettingPages()
    }
}
