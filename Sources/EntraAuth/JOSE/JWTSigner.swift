import Foundation

/// Creates signed JWTs in compact serialization: `private_key_jwt` client assertions and test tokens.
enum JWTSigner {
    /// Signs `claims` under `header`, whose `alg` is set to `algorithm`.
    static func sign(
        header: [String: JSONValue], claims: [String: JSONValue], key: RSAPrivateKey, algorithm: SignatureAlgorithm
    ) throws -> String {
        var header = header
        header["alg"] = .string(algorithm.rawValue)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let signingInput =
            Base64URL.encode(try encoder.encode(header)) + "." + Base64URL.encode(try encoder.encode(claims))
        let signature = try key.signature(for: Array(signingInput.utf8), algorithm: algorithm)
        return signingInput + "." + Base64URL.encode(signature)
    }
}
