import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the token endpoint answered: the raw ID token, the refresh token when it issued one, and the access token,
/// which asks Microsoft Graph for an overage reader's groups and is never kept.
struct TokenAnswer: Sendable {
    let idToken: String
    let refreshToken: String?
    var accessToken: String? = nil
}

/// Calls the token endpoint, authenticating the client as configured: an authorization code at sign-in, a refresh
/// token at a re-check.
struct TokenRedemption: Sendable {
    let config: AuthConfig
    let http: any HTTPClient
    let time: any TimeSource
    let random: any RandomSource
    var metrics: AuthMetrics? = nil

    /// Redeems a sign-in's authorization code with its PKCE verifier.
    func redeem(code: String, verifier: String, tokenEndpoint: URL) throws -> TokenAnswer {
        try post(
            [
                ("grant_type", "authorization_code"),
                ("code", code),
                ("redirect_uri", config.redirectURI.absoluteString),
                ("code_verifier", verifier),
            ], to: tokenEndpoint, refusal: "token endpoint refused the code")
    }

    /// Redeems a refresh token for a new ID token (and usually a new refresh token), asking for the sign-in's scope
    /// again, with Graph's `User.Read` while `readingGroups`.
    func refresh(_ refreshToken: String, readingGroups: Bool, tokenEndpoint: URL) throws -> TokenAnswer {
        try post(
            [
                ("grant_type", "refresh_token"), ("refresh_token", refreshToken),
                ("scope", config.scope(readingGroups: readingGroups)),
            ], to: tokenEndpoint, refusal: "token endpoint refused the refresh token")
    }

    private func post(_ grant: [(String, String)], to tokenEndpoint: URL, refusal: String) throws -> TokenAnswer {
        var request = URLRequest(url: tokenEndpoint)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        var form = grant + [("client_id", config.clientID)]
        switch config.clientAuthentication {
        case .secretPost(let secret):
            form.append(("client_secret", secret))
        case .secretBasic(let secret):
            request.setValue(
                Self.basicAuthorization(clientID: config.clientID, secret: secret), forHTTPHeaderField: "Authorization")
        case .privateKeyJWT(let certificate, let key):
            let assertion = try ClientAssertion.make(
                clientID: config.clientID,
                tokenEndpoint: tokenEndpoint,
                certificate: certificate,
                key: key,
                now: time.now(),
                random: random
            )
            form += [("client_assertion_type", ClientAssertion.assertionType), ("client_assertion", assertion)]
        }
        request.httpBody = Data(FormEncoding.encode(form).utf8)

        let started = MonotonicClock.nanoseconds()
        let sent = Result { try http.send(request) }
        metrics?.tokenEndpointDuration.observe(since: started)
        let answer: HTTPAnswer
        do {
            answer = try sent.get()
        } catch {
            throw AuthError(
                .providerUnavailable, "the token endpoint could not be reached: \(error.localizedDescription)")
        }
        let json = (try? JSONSerialization.jsonObject(with: answer.body)) as? [String: Any]
        guard answer.status == 200 else {
            throw AuthError.providerRefused(
                refusal,
                error: json?["error"] as? String ?? "http_\(answer.status)",
                description: json?["error_description"] as? String
                    ?? "the token endpoint answered HTTP \(answer.status)"
            )
        }
        guard let idToken = json?["id_token"] as? String else {
            throw AuthError(.invalidToken, "the token response has no id_token (is the openid scope granted?)")
        }
        return TokenAnswer(
            idToken: idToken, refreshToken: json?["refresh_token"] as? String,
            accessToken: json?["access_token"] as? String)
    }

    /// RFC 6749 §2.3.1: id and secret are form-urlencoded before they are joined and base64-encoded.
    static func basicAuthorization(clientID: String, secret: String) -> String {
        let credentials = FormEncoding.escape(clientID) + ":" + FormEncoding.escape(secret)
        return "Basic " + Data(credentials.utf8).base64EncodedString()
    }
}
