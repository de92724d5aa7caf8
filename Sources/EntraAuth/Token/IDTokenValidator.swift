import Foundation

/// Validates an ID token before anything in it is used: algorithm, signature, issuer, audience, times, subject, nonce.
/// A sign-in's token and a re-check's refreshed token go through the same checks; only the nonce rule differs.
struct IDTokenValidator: Sendable {
    /// What the token's `nonce` must be.
    enum NonceRule: Sendable {
        /// A sign-in's: exactly the nonce of the attempt.
        case signIn(String)
        /// A refreshed token's: absent, or the nonce of the sign-in that started the session (OpenID Connect Core
        /// 1.0, 12.2; Entra leaves it out).
        case refresh(signInNonce: String)
    }

    /// Allowed clock skew for `exp`, `nbf` and `iat`.
    static let skew: TimeInterval = 300

    let clientID: String
    let allowedTenants: [String]
    let provider: IdentityProvider
    let time: any TimeSource

    /// The validated claims, or a `AuthError` naming the first check that failed.
    func validate(_ token: String, nonce rule: NonceRule) throws -> [String: JSONValue] {
        let jws: CompactJWS
        do {
            jws = try CompactJWS(token)
        } catch {
            throw AuthError(.invalidToken, "the ID token is malformed: \(error)")
        }
        guard jws.header.alg == SignatureAlgorithm.rs256.rawValue else {
            throw AuthError(
                .invalidToken, "the ID token is signed with alg '\(jws.header.alg)'; only RS256 is accepted")
        }
        let key = try provider.key(for: jws.header.kid)
        guard key.key.isValidSignature(jws.signature, for: jws.signingInput, algorithm: .rs256) else {
            throw AuthError(.invalidToken, "the ID token signature does not verify with the provider's key")
        }
        let claims: [String: JSONValue]
        do {
            claims = try jws.claims()
        } catch {
            throw AuthError(.invalidToken, "the ID token payload is not a JSON object")
        }
        try checkIssuer(claims, signedBy: key)
        try checkAudience(claims)
        try checkTimes(claims)
        guard let subject = claims["sub"]?.stringValue, !subject.isEmpty else {
            throw AuthError(.invalidToken, "the ID token has no sub claim")
        }
        try checkNonce(claims, rule)
        try checkTenant(claims)
        return claims
    }

    /// The issuer rules of `IssuerPolicy`, and, when the key set says which issuer a key signs for (Entra's
    /// `issuer` on each key, `{tenantid}` for multi-tenant keys), that issuer too.
    private func checkIssuer(_ claims: [String: JSONValue], signedBy key: IdentityProvider.TrustedKey) throws {
        guard let issuer = claims["iss"]?.stringValue else {
            throw AuthError(.invalidToken, "the ID token has no iss claim")
        }
        let tenantID = claims["tid"]?.stringValue
        if let problem = try provider.current().issuerPolicy.check(issuer: issuer, tenantID: tenantID) {
            throw AuthError(.invalidToken, problem)
        }
        guard let keyIssuer = key.issuer else { return }
        let expected =
            keyIssuer.range(of: IssuerPolicy.placeholder, options: .caseInsensitive) == nil
            ? keyIssuer
            : keyIssuer.replacingOccurrences(
                of: IssuerPolicy.placeholder, with: tenantID ?? "", options: .caseInsensitive)
        guard issuer == expected else {
            throw AuthError(
                .invalidToken, "the signing key is for issuer '\(expected)', not for the token's iss '\(issuer)'")
        }
    }

    private func checkNonce(_ claims: [String: JSONValue], _ rule: NonceRule) throws {
        switch rule {
        case .signIn(let expected):
            guard let nonce = claims["nonce"]?.stringValue,
                constantTimeEquals(Array(nonce.utf8), Array(expected.utf8))
            else {
                throw AuthError(.invalidToken, "the ID token nonce does not match this sign-in attempt")
            }
        case .refresh(let signInNonce):
            guard let value = claims["nonce"] else { return }
            guard let nonce = value.stringValue, constantTimeEquals(Array(nonce.utf8), Array(signInNonce.utf8)) else {
                throw AuthError(.invalidToken, "the refreshed ID token's nonce is not the one of the session's sign-in")
            }
        }
    }

    private func checkAudience(_ claims: [String: JSONValue]) throws {
        let audiences: [String]
        if let single = claims["aud"]?.stringValue {
            audiences = [single]
        } else if let list = claims["aud"]?.arrayValue {
            audiences = list.compactMap(\.stringValue)
            // An entry that is not a string names an audience this site cannot know, so it cannot trust it.
            guard audiences.count == list.count else {
                throw AuthError(.invalidToken, "the ID token's aud list holds an entry that is not a string")
            }
        } else {
            throw AuthError(.invalidToken, "the ID token has no aud claim")
        }
        guard audiences.contains(clientID) else {
            throw AuthError(.invalidToken, "the ID token audience \(audiences) does not include this client id")
        }
        // A token also meant for another party may have been obtained by that party; this site trusts only itself.
        if let other = audiences.first(where: { $0 != clientID }) {
            throw AuthError(
                .invalidToken, "the ID token is also meant for '\(other)', an audience this site does not trust")
        }
        let authorizedParty = claims["azp"]?.stringValue
        if authorizedParty != nil, authorizedParty != clientID {
            throw AuthError(.invalidToken, "the ID token azp '\(authorizedParty ?? "")' is not this client id")
        }
    }

    private func checkTimes(_ claims: [String: JSONValue]) throws {
        let now = time.now().timeIntervalSince1970
        guard let expiry = try timeClaim(claims, "exp") else {
            throw AuthError(.invalidToken, "the ID token has no exp claim")
        }
        guard now < expiry + Self.skew else { throw AuthError(.invalidToken, "the ID token expired at \(Int(expiry))") }
        if let notBefore = try timeClaim(claims, "nbf"), now + Self.skew < notBefore {
            throw AuthError(
                .invalidToken, "the ID token is not valid before \(Int(notBefore)) (check the server clock)")
        }
        guard let issuedAt = try timeClaim(claims, "iat") else {
            throw AuthError(.invalidToken, "the ID token has no iat claim")
        }
        guard issuedAt <= now + Self.skew else {
            throw AuthError(
                .invalidToken, "the ID token was issued in the future (iat \(Int(issuedAt))); check the server clock")
        }
    }

    /// Latest time a claim may name: year 9999. Anything beyond is refused before it is turned into an integer,
    /// which would trap on a huge number.
    static let latestTime = 253_402_300_799.0

    /// A time claim in seconds since 1970, nil when absent; refused when it is not a whole number in range.
    private func timeClaim(_ claims: [String: JSONValue], _ name: String) throws -> Double? {
        guard let value = claims[name] else { return nil }
        guard let seconds = value.numberValue, seconds.isFinite, (0...Self.latestTime).contains(seconds) else {
            throw AuthError(.invalidToken, "the ID token's \(name) claim is not a time in seconds since 1970")
        }
        return seconds
    }

    private func checkTenant(_ claims: [String: JSONValue]) throws {
        guard !allowedTenants.isEmpty else { return }
        let tenant = claims["tid"]?.stringValue?.lowercased() ?? ""
        guard allowedTenants.contains(tenant) else {
            throw AuthError(.tenantNotAllowed, "tenant '\(tenant)' is not in allowed_tenants")
        }
    }
}
