import Testing

@testable import EntraAuth

struct JWTSignerTests {
    @Test(arguments: SignatureAlgorithm.allCases)
    func signedTokensParseBackAndVerify(algorithm: SignatureAlgorithm) throws {
        let key = CryptoTestKeys.signing
        let claims: [String: JSONValue] = [
            "iss": "https://login.microsoftonline.com/tenant/v2.0", "aud": ["client"], "exp": 1_700_000_600,
            "nbf": 1_700_000_000, "ratio": 0.5, "email_verified": true,
        ]
        let text = try JWTSigner.sign(
            header: ["typ": "JWT", "kid": "k1", "alg": "none"], claims: claims, key: key, algorithm: algorithm)
        let jws = try CompactJWS(text)
        #expect(jws.header.alg == algorithm.rawValue)
        #expect(jws.header.kid == "k1")
        #expect(jws.header.typ == "JWT")
        #expect(try jws.claims() == claims)
        #expect(key.publicKey.isValidSignature(jws.signature, for: jws.signingInput, algorithm: algorithm))
        #expect(
            !CryptoTestKeys.other.publicKey.isValidSignature(jws.signature, for: jws.signingInput, algorithm: algorithm)
        )
    }

    @Test func writesWholeNumbersAsIntegersAndSlashesUnescaped() throws {
        let host = "a"
        let text = try JWTSigner.sign(
            header: [:], claims: ["exp": 1_700_000_000, "aud": "https://\(host)/b"], key: CryptoTestKeys.signing,
            algorithm: .rs256)
        let payload = String(decoding: try CompactJWS(text).payload, as: UTF8.self)
        #expect(payload == #"{"aud":"https://a/b","exp":1700000000}"#)
    }

    @Test func aCertificateAssertionCarriesTheThumbprintHeader() throws {
        let key = CryptoTestKeys.signing
        let certificate = try X509Certificate.selfSigned(for: key, commonName: "client", days: 1)
        let thumbprint = Base64URL.encode(certificate.sha256Thumbprint)
        let text = try JWTSigner.sign(
            header: ["typ": "JWT", "x5t#S256": .string(thumbprint)], claims: ["sub": "client"], key: key,
            algorithm: .ps256)
        let jws = try CompactJWS(text)
        #expect(jws.header.x5tS256 == thumbprint)
        #expect(key.publicKey.isValidSignature(jws.signature, for: jws.signingInput, algorithm: .ps256))
    }

    @Test func aTamperedPayloadNoLongerVerifies() throws {
        let key = CryptoTestKeys.signing
        let text = try JWTSigner.sign(header: [:], claims: ["sub": "alice"], key: key, algorithm: .rs256)
        let parts = text.split(separator: ".").map(String.init)
        let forged = parts[0] + "." + Base64URL.encode(Array(#"{"sub":"mallory"}"#.utf8)) + "." + parts[2]
        let jws = try CompactJWS(forged)
        #expect(!key.publicKey.isValidSignature(jws.signature, for: jws.signingInput, algorithm: .rs256))
    }
}
