import Foundation

/// A JWS in compact serialization (RFC 7515 §7.1), split and decoded but NOT verified.
struct CompactJWS: Sendable {
    /// Longer tokens are refused before any decoding; Entra ID tokens are a few kilobytes.
    static let maximumLength = 16 * 1024

    let header: JOSEHeader
    /// The decoded payload bytes.
    let payload: [UInt8]
    /// ASCII(BASE64URL(header) "." BASE64URL(payload)), the bytes the signature covers.
    let signingInput: [UInt8]
    let signature: [UInt8]

    /// Splits and decodes `token`; throws an error naming the malformed part.
    init(_ token: String) throws {
        let bytes = Array(token.utf8)
        guard bytes.count <= Self.maximumLength else {
            throw AuthError(
                .malformedToken, "the token is \(bytes.count) bytes long; at most \(Self.maximumLength) are accepted")
        }
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw AuthError(
                .malformedToken, "the token has \(parts.count) dot-separated parts; a signed JWT has exactly 3")
        }
        guard let headerBytes = Base64URL.decode(String(decoding: parts[0], as: UTF8.self)) else {
            throw AuthError(.malformedToken, "the token header is not base64url")
        }
        guard let payload = Base64URL.decode(String(decoding: parts[1], as: UTF8.self)) else {
            throw AuthError(.malformedToken, "the token payload is not base64url")
        }
        guard let signature = Base64URL.decode(String(decoding: parts[2], as: UTF8.self)) else {
            throw AuthError(.malformedToken, "the token signature is not base64url")
        }
        guard let headerJSON = Self.jsonObject(headerBytes) else {
            throw AuthError(.malformedToken, "the token header is not a JSON object")
        }
        self.header = try JOSEHeader(json: headerJSON)
        self.payload = payload
        self.signingInput = Array(bytes[..<parts[1].endIndex])
        self.signature = signature
    }

    /// The payload as a JWT claims set; throws if it is not a JSON object.
    func claims() throws -> [String: JSONValue] {
        guard let claims = Self.jsonObject(payload) else {
            throw AuthError(.malformedToken, "the token payload is not a JSON object")
        }
        return claims
    }

    private static func jsonObject(_ bytes: [UInt8]) -> [String: JSONValue]? {
        (try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)))?.objectValue
    }
}
