import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Redeems an authorization code at the token endpoint, authenticating the client as configured.
struct CodeRedemption: Sendable {
    let config: AuthConfig
    let http: any HTTPClient
    let time: any TimeSource
    let random: any RandomSource
    var metrics: AuthMetrics? = nil

    /// The raw ID token from the token response.
    func redeem(code: String, verifier: String, tokenEndpoint: URL) throws -> String {
        var request = URLRequest(url: tokenEndpoint)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        var form: [(String, String)] = [
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", config.redirectURI.absoluteString),
            ("code_verifier", verifier),
            ("client_id", config.clientID),
        ]
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
                "token endpoint refused the code",
                error: json?["error"] as? String ?? "http_\(answer.status)",
                description: json?["error_description"] as? String
                    ?? "the token endpoint answered HTTP \(answer.status)"
            )
        }
        guard let idToken = json?["id_token"] as? String else {
            throw AuthError(.invalidToken, "the token response has no id_token (is the openid scope granted?)")
        }
        return idToken
    }

    /// RFC 6749 §2.3.1: id and secret are form-urlencoded before they are joined and base64-encoded.
    static func basicAuthorization(clientID: String, secret: String) -> String {
        let credentials = FormEncoding.escape(clientID) + ":" + FormEncoding.escape(secret)
        return "Basic " + Data(credentials.utf8).base64EncodedString()
    }
}
