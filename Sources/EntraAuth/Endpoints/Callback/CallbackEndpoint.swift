import Foundation

/// The redirect URI: checks state, redeems the code with the PKCE verifier, validates the ID token, and starts the
/// session with a 303 to the saved return path, so the code leaves the address bar.
///
/// Every way a sign-in can fail is an `AuthError`; `SignInRefusal` turns it into the log line, the count and the page.
struct CallbackEndpoint: Endpoint {
    let transactions: TransactionCookies
    let sessions: SessionRegistry
    let sessionCookie: SessionCookie
    let provider: IdentityProvider
    let redemption: TokenRedemption
    let validator: IDTokenValidator
    /// Whether re-checks are on, so the refresh token is kept.
    let rechecking: Bool
    let overage: OverageGroups
    let manifest: ManifestStore
    let time: any TimeSource
    let random: any RandomSource
    let log: AuthLog
    let metrics: AuthMetrics?

    /// What a refusal clears and where its "Try again" link leads, as far as the callback got.
    private struct Attempt {
        var retry = "/.auth/login?rd=/"
        var clearing: [String] = []
    }

    func respond(to request: Request) -> Response {
        let correlation = CorrelationID.make(random)
        var attempt = Attempt()
        do {
            return try signIn(request, correlation: correlation, attempt: &attempt)
        } catch {
            let refusal = SignInRefusal(error)
            log.write(event: "signin_refused", refusal.logFields.merging(["correlation": correlation]) { $1 })
            refusal.count(in: metrics)
            return refusal.page(correlation: correlation, retry: attempt.retry).adding(cookies: attempt.clearing)
        }
    }

    private func signIn(_ request: Request, correlation: String, attempt: inout Attempt) throws -> Response {
        let now = time.now()
        guard let state = request.query["state"] else {
            guard let error = request.query["error"] else {
                throw AuthError(.expiredAttempt, "unknown or expired state")
            }
            throw statelessProviderError(error, request: request, now: now, attempt: &attempt)
        }
        guard let transaction = transactions.transaction(forState: state, in: request.cookies, now: now),
            let transactionCookie = transactions.name(forState: state)
        else {
            guard let error = request.query["error"] else {
                throw AuthError(.expiredAttempt, "unknown or expired state")
            }
            throw statelessProviderError(error, request: request, now: now, attempt: &attempt)
        }
        attempt.clearing = [transactions.clearCookie(named: transactionCookie)]
        attempt.retry = "/.auth/login?rd=" + FormEncoding.escape(transaction.returnPath)

        if let error = request.query["error"] {
            throw AuthError.providerRefused(
                "provider error", error: error, description: request.query["error_description"] ?? "")
        }
        guard let code = request.query["code"], !code.isEmpty else {
            throw AuthError(.noCode, "callback without code")
        }
        // The state is used up in the store, so a copied callback address and cookie cannot complete it again.
        let until = transaction.createdAt + Int(LoginTransaction.lifetime)
        guard try sessions.consume(state: state, until: until) else {
            throw AuthError(.reusedAttempt, "state used before")
        }
        let tokenEndpoint = try provider.current(refreshing: true).metadata.tokenEndpoint
        let answer = try redemption.redeem(code: code, verifier: transaction.verifier, tokenEndpoint: tokenEndpoint)
        let claims = try overage.completing(
            try validator.validate(answer.idToken, nonce: .signIn(transaction.nonce)), accessToken: answer.accessToken)
        // Kept only when re-checks are on: a refresh token nothing redeems is a secret kept for nothing.
        let grant = answer.refreshToken.flatMap { rechecking ? RefreshGrant(token: $0, nonce: transaction.nonce) : nil }
        let session = try sessions.start(
            Session(claims: claims, keepingGroups: manifest.usesGroups), issuer: claims["iss"]?.stringValue ?? "",
            grant: grant)
        let cookies = try sessionCookie.setCookies(for: session, random: random, now: now)
        log.write(
            event: "signed_in",
            [
                "tid": session.tenantID, "oid": session.objectID, "name": session.displayName,
                "correlation": correlation,
            ]
        )
        metrics?.signIns.increment(.signedIn)
        return .redirect(303, to: transaction.returnPath, cookies: attempt.clearing + cookies)
    }

    /// Some providers send an error without the state. Nothing is trusted from such a request, nor from one whose
    /// state matches no open attempt: the page shows only a well-formed error code and AADSTS number (never the free
    /// text, which anyone could put in a link), the retry link goes to the newest open attempt's destination, and
    /// it is counted as `bad_request`, not by its error.
    private func statelessProviderError(_ error: String, request: Request, now: Date, attempt: inout Attempt)
        -> AuthError
    {
        let code =
            error.count <= 64 && error.allSatisfy({ $0.isASCII && ($0.isLowercase || $0 == "_") })
            ? error : "unknown_error"
        let newest = transactions.newest(in: request.cookies, now: now)
        attempt.retry = "/.auth/login?rd=" + FormEncoding.escape(newest?.transaction.returnPath ?? ReturnPath.fallback)
        attempt.clearing = newest.map { [transactions.clearCookie(named: $0.name)] } ?? []
        let aadsts = AuthError.ProviderAnswer(error: code, description: request.query["error_description"] ?? "")
            .aadstsCode
        return .providerRefused(
            "provider error without a matching state", error: code, description: aadsts ?? "",
            kind: .unmatchedProviderError)
    }
}
