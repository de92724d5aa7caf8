import Foundation

/// Validates an ID token before anything in it is used: algorithm, signature, issuer, audience, times, subject, nonce.
struct IDTokenValidator: Sendable {
    /// Allowed clock skew for `exp`, `nbf` and `iat`.
    static let skew: TimeInterval = 300

    let clientID: String
    let allowedTenants: [String]
    let provider: IdentityProvider
    let time: any TimeSource

    /// The validated claims, or a `TokenRejection` naming the first check that failed.
    func validate(_ token: String, expectedNonce: String) throws -> [String: JSONValue] {
        let jws: CompactJWS
        do {
            jws = try CompactJWS(token)
        } catch {
            throw TokenRejection("the ID token is malformed: \(error)")
        }
        guard jws.header.alg == SignatureAlgorithm.rs256.rawValue else {
            throw TokenRejection("the ID token is signed with alg '\(jws.header.alg)'; only RS256 is accepted")
        }
        let key = try provider.key(for: jws.header.kid)
        guard key.isValidSignature(jws.signature, for: jws.signingInput, algorithm: .rs256) else {
            throw TokenRejection("the ID token signature does not verify with the provider's key")
        }
        let claims: [String: JSONValue]
        do {
            claims = try jws.claims()
        } catch {
            throw TokenRejection("the ID token payload is not a JSON object")
        }
        try checkIssuer(claims)
        try checkAudience(claims)
        try checkTimes(claims)
        guard let subject = claims["sub"]?.stringValue, !subject.isEmpty else {
            throw TokenRejection("the ID token has no sub claim")
        }
        guard let nonce = claims["nonce"]?.stringValue,
            constantTimeEquals(Array(nonce.utf8), Array(expectedNonce.utf8))
        else {
            throw TokenRejection("the ID token nonce does not match this sign-in attempt")
        }
        try checkTenant(claims)
        if claims["_claim_names"]?.objectValue?["groups"] != nil {
            throw TokenRejection(
                "the user is in more than 200 groups, so Entra left the groups claim out (overage)",
                kind: .groupsOverage
            )
        }
        return claims
    }

    private func checkIssuer(_ claims: [String: JSONValue]) throws {
        guard let issuer = claims["iss"]?.stringValue else { throw TokenRejection("the ID token has no iss claim") }
        let (_, policy) = try provider.current()
        if let problem = policy.check(issuer: issuer, tenantID: claims["tid"]?.stringValue) {
            throw TokenRejection(problem)
        }
    }

    private func checkAudience(_ claims: [String: JSONValue]) throws {
        let audiences: [String]
        if let single = claims["aud"]?.stringValue {
            audiences = [single]
        } else if let list = claims["aud"]?.arrayValue {
            audiences = list.compactMap(\.stringValue)
        } else {
            throw TokenRejection("the ID token has no aud claim")
        }
        guard audiences.contains(clientID) else {
            throw TokenRejection("the ID token audience \(audiences) does not include this client id")
        }
        let authorizedParty = claims["azp"]?.stringValue
        if audiences.count > 1 || authorizedParty != nil, authorizedParty != clientID {
            throw TokenRejection("the ID token azp '\(authorizedParty ?? "")' is not this client id")
        }
    }

    private func checkTimes(_ claims: [String: JSONValue]) throws {
        let now = time.now().timeIntervalSince1970
        guard let expiry = claims["exp"]?.numberValue else { throw TokenRejection("the ID token has no exp claim") }
        guard now < expiry + Self.skew else { throw TokenRejection("the ID token expired at \(Int(expiry))") }
        if let notBefore = claims["nbf"]?.numberValue, now + Self.skew < notBefore {
            throw TokenRejection("the ID token is not valid before \(Int(notBefore)) (check the server clock)")
        }
        guard let issuedAt = claims["iat"]?.numberValue else { throw TokenRejection("the ID token has no iat claim") }
        guard issuedAt <= now + Self.skew else {
            throw TokenRejection("the ID token was issued in the future (iat \(Int(issuedAt))); check the server clock")
        }
    }

    private func checkTenant(_ claims: [String: JSONValue]) throws {
        guard !allowedTenants.isEmpty else { return }
        let tenant = claims["tid"]?.stringValue?.lowercased() ?? ""
        guard allowedTenants.contains(tenant) else {
            throw TokenRejection("tenant '\(tenant)' is not in allowed_tenants", kind: .tenantNotAllowed)
        }
    }
}
