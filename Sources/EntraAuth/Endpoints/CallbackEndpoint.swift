import Foundation

extension AuthHandler {
    /// The redirect URI: checks state, redeems the code with the PKCE verifier, validates the ID token, and
    /// starts the session with a 303 to the saved return path, so the code leaves the address bar.
    func callback(_ request: Request) -> Response {
        let now = time.now()
        let correlation = correlationID()
        if request.query["state"] == nil, let error = request.query["error"] {
            return statelessProviderError(error, request: request, now: now, correlation: correlation)
        }
        guard let state = request.query["state"],
            let transaction = transactions.transaction(forState: state, in: request.cookies, now: now),
            let transactionCookie = transactions.name(forState: state)
        else {
            log.write(event: "signin_refused", ["reason": "unknown or expired state", "correlation": correlation])
            return expiredAttempt(correlation: correlation)
        }
        let clearTransaction = transactions.clearCookie(named: transactionCookie)
        let retry = "/.auth/login?rd=" + FormEncoding.escape(transaction.returnPath)

        if let error = request.query["error"] {
            let description = request.query["error_description"] ?? ""
            log.write(
                event: "signin_refused",
                [
                    "reason": "provider error", "error": error, "code": Self.aadstsCode(in: description) ?? "",
                    "correlation": correlation,
                ]
            )
            return providerErrorPage(error: error, description: description, correlation: correlation, retry: retry)
                .adding(cookies: [clearTransaction])
        }
        guard let code = request.query["code"], !code.isEmpty else {
            log.write(event: "signin_refused", ["reason": "callback without code", "correlation": correlation])
            return refusal("The sign-in response had no authorization code.", correlation: correlation, retry: retry)
                .adding(cookies: [clearTransaction])
        }
        do {
            // The state is used up in the store, so a copied callback address and cookie cannot complete it again.
            let until = transaction.createdAt + Int(LoginTransaction.lifetime)
            guard try sessions.consume(state: state, until: until) else {
                log.write(event: "signin_refused", ["reason": "state used before", "correlation": correlation])
                return expiredAttempt(correlation: correlation).adding(cookies: [clearTransaction])
            }
            let tokenEndpoint = try provider.current().metadata.tokenEndpoint
            let idToken = try redemption.redeem(
                code: code, verifier: transaction.verifier, tokenEndpoint: tokenEndpoint)
            let claims = try validator.validate(idToken, expectedNonce: transaction.nonce)
            let session = try sessions.start(makeSession(from: claims), issuer: claims["iss"]?.stringValue ?? "")
            let cookie = try sessionCookie.setCookie(for: session, random: random, now: now)
            log.write(
                event: "signed_in",
                [
                    "tid": session.tenantID, "oid": session.objectID, "name": session.displayName,
                    "correlation": correlation,
                ]
            )
            return .redirect(303, to: transaction.returnPath, cookies: [clearTransaction, cookie])
        } catch let refusal as CodeRedemption.Refusal {
            log.write(
                event: "signin_refused",
                [
                    "reason": "token endpoint refused the code", "error": refusal.error,
                    "code": Self.aadstsCode(in: refusal.errorDescription) ?? "", "correlation": correlation,
                ]
            )
            return providerErrorPage(
                error: refusal.error, description: refusal.errorDescription, correlation: correlation, retry: retry
            ).adding(cookies: [clearTransaction])
        } catch let failure as SessionStoreError {
            log.write(event: "signin_refused", ["reason": failure.description, "correlation": correlation])
            return refusal(
                "This site cannot store sessions right now, so you were not signed in. Please try again in a minute.",
                correlation: correlation,
                retry: retry,
                status: 503
            ).adding(cookies: [clearTransaction])
        } catch let rejection as TokenRejection {
            log.write(event: "signin_refused", ["reason": rejection.description, "correlation": correlation])
            return rejectionPage(rejection, correlation: correlation, retry: retry).adding(cookies: [clearTransaction])
        } catch {
            log.write(event: "signin_refused", ["reason": "\(error)", "correlation": correlation])
            return refusal(
                "The sign-in service could not complete the sign-in. Please try again.",
                correlation: correlation,
                retry: retry,
                status: 502
            ).adding(cookies: [clearTransaction])
        }
    }

    /// Some providers send an error without the state. Nothing is trusted from such a request: the page shows
    /// only a well-formed error code and AADSTS number (never the free text, which anyone could put in a link),
    /// and the retry link goes to the newest open attempt's destination.
    private func statelessProviderError(_ error: String, request: Request, now: Date, correlation: String) -> Response {
        let code =
            error.count <= 64 && error.allSatisfy({ $0.isASCII && ($0.isLowercase || $0 == "_") })
            ? error : "unknown_error"
        let newest = transactions.newest(in: request.cookies, now: now)
        let aadsts = Self.aadstsCode(in: request.query["error_description"] ?? "") ?? ""
        log.write(
            event: "signin_refused",
            ["reason": "provider error without state", "error": code, "code": aadsts, "correlation": correlation]
        )
        let retry = "/.auth/login?rd=" + FormEncoding.escape(newest?.transaction.returnPath ?? ReturnPath.fallback)
        return providerErrorPage(error: code, description: aadsts, correlation: correlation, retry: retry)
            .adding(cookies: newest.map { [transactions.clearCookie(named: $0.name)] } ?? [])
    }

    /// The page for a callback whose attempt is unknown, expired or already completed.
    private func expiredAttempt(correlation: String) -> Response {
        HTMLPage.render(
            status: 400,
            title: "This sign-in link has expired",
            paragraphs: [
                "The sign-in attempt could not be matched to this browser. It may have taken longer than "
                    + "10 minutes, been completed already, or the link was opened in another browser. Please sign in again."
            ],
            details: [("Correlation id", correlation)],
            links: [("Sign in again", "/.auth/login?rd=/")]
        )
    }

    /// The session for validated claims; `SessionRegistry.start` gives it its id and times.
    private func makeSession(from claims: [String: JSONValue]) -> Session {
        func text(_ name: String) -> String { claims[name]?.stringValue ?? "" }
        func list(_ name: String) -> [String] { claims[name]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        let subject = text("sub")
        return Session(
            id: "",
            tenantID: text("tid"),
            objectID: claims["oid"]?.stringValue ?? subject,
            subject: subject,
            name: text("name"),
            preferredUsername: text("preferred_username"),
            email: text("email"),
            roles: list("roles"),
            groups: manifest.usesGroups ? list("groups") : [],
            loginHint: claims["login_hint"]?.stringValue,
            providerSessionID: claims["sid"]?.stringValue,
            issuedAt: 0,
            expiresAt: 0
        )
    }

    /// `AADSTS50011` from an Entra error description, for the admin and the log.
    static func aadstsCode(in description: String) -> String? {
        guard let range = description.range(of: #"AADSTS\d+"#, options: .regularExpression) else { return nil }
        return String(description[range])
    }

    private func providerErrorPage(error: String, description: String, correlation: String, retry: String) -> Response {
        let explanation =
            switch error {
            case "access_denied":
                "Sign-in was cancelled, or permission to this site was not granted."
            case "consent_required", "interaction_required":
                "An administrator of your organisation must grant this site permission before you can sign in."
            case "login_required":
                "You need to sign in again."
            case "temporarily_unavailable", "server_error":
                "The sign-in service had a temporary problem. Please try again in a moment."
            case "invalid_client", "unauthorized_client", "invalid_request", "invalid_grant":
                "The site's sign-in settings do not match its app registration. Please tell the site administrator."
            default:
                "The sign-in service refused the request."
            }
        var details = [("Error", error)]
        if let code = Self.aadstsCode(in: description) { details.append(("Code", code)) }
        if !description.isEmpty { details.append(("Details", description)) }
        details.append(("Correlation id", correlation))
        return HTMLPage.render(
            status: 403,
            title: "Sign-in was not completed",
            paragraphs: [explanation, "If this keeps happening, send the details below to the site administrator."],
            details: details,
            links: [("Try again", retry)]
        )
    }

    private func rejectionPage(_ rejection: TokenRejection, correlation: String, retry: String) -> Response {
        switch rejection.kind {
        case .groupsOverage:
            return refusal(
                "Your account belongs to more than 200 groups, so Microsoft Entra did not send them, and this site "
                    + "cannot decide what you may read. Administrator: use app roles, or configure the app "
                    + "registration to emit only groups assigned to the application.",
                correlation: correlation,
                retry: retry
            )
        case .tenantNotAllowed:
            return refusal(
                "Accounts from your organisation are not allowed to sign in to this site.",
                correlation: correlation,
                retry: retry
            )
        case .invalidToken:
            return refusal(
                "The sign-in response could not be verified, so you were not signed in.",
                correlation: correlation,
                retry: retry
            )
        }
    }

    private func refusal(_ message: String, correlation: String, retry: String, status: Int = 403) -> Response {
        HTMLPage.render(
            status: status,
            title: "Sign-in was not completed",
            paragraphs: [message],
            details: [("Correlation id", correlation)],
            links: [("Try again", retry)]
        )
    }
}

extension Response {
    func adding(cookies: [String]) -> Response {
        var copy = self
        copy.headers += cookies.map { ("Set-Cookie", $0) }
        return copy
    }
}
