import Foundation

/// The `private_key_jwt` client assertion: a short-lived JWT signed with the app's certificate key.
enum ClientAssertion {
    static let assertionType = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"

    /// PS256-signed, with `x5t#S256` naming the certificate, `aud` the token endpoint, `iss` = `sub` = client id.
    static func make(
        clientID: String,
        tokenEndpoint: URL,
        certificate: X509Certificate,
        key: RSAPrivateKey,
        now: Date,
        random: any RandomSource
    ) throws -> String {
        let issued = Double(Int(now.timeIntervalSince1970))
        let header: [String: JSONValue] = [
            "alg": .string(SignatureAlgorithm.ps256.rawValue),
            "typ": .string("JWT"),
            "x5t#S256": .string(Base64URL.encode(certificate.sha256Thumbprint)),
        ]
        let claims: [String: JSONValue] = [
            "aud": .string(tokenEndpoint.absoluteString),
            "iss": .string(clientID),
            "sub": .string(clientID),
            "jti": .string(Base64URL.encode(random.bytes(16))),
            "nbf": .number(issued),
            "iat": .number(issued),
            "exp": .number(issued + 300),
        ]
        return try JWTSigner.sign(header: header, claims: claims, key: key, algorithm: .ps256)
    }
}
