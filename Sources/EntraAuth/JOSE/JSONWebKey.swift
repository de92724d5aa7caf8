/// One key of a JWK Set (RFC 7517 §4); only RSA keys can be turned into verifiers.
struct JSONWebKey: Sendable, Decodable, Equatable {
    let kty: String
    let kid: String?
    let use: String?
    let alg: String?
    /// RSA modulus, base64url big-endian.
    let n: String?
    /// RSA public exponent, base64url big-endian.
    let e: String?
    /// Certificate chain, standard base64 DER.
    let x5c: [String]?
    /// Entra's extension: the issuer this key signs for.
    let issuer: String?

    /// The RSA public key in `n` and `e`; throws if this is not a usable RSA key.
    func rsaPublicKey() throws -> RSAPublicKey {
        let name = kid.map { "JWKS key \"\($0)\"" } ?? "the JWKS key without a kid"
        guard kty == "RSA" else {
            throw AuthError(.malformedToken, "\(name) has kty \"\(kty)\"; only RSA keys are supported")
        }
        guard let n, let modulus = Base64URL.decode(n) else {
            throw AuthError(.malformedToken, "\(name) has no base64url modulus \"n\"")
        }
        guard let e, let exponent = Base64URL.decode(e) else {
            throw AuthError(.malformedToken, "\(name) has no base64url exponent \"e\"")
        }
        do {
            return try RSAPublicKey(modulus: modulus, exponent: exponent)
        } catch let error as AuthError where error.kind == .crypto {
            throw AuthError(.malformedToken, "\(name) is unusable: \(error.description)")
        }
    }
}

/// A JWK Set document as served at a `jwks_uri` (RFC 7517 §5).
struct JSONWebKeySet: Sendable, Decodable, Equatable {
    let keys: [JSONWebKey]
}
