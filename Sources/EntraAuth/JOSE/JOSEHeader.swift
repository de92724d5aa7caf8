/// The protected header of a JWS (RFC 7515 §4), with the members this library reads pulled out.
struct JOSEHeader: Sendable, Equatable {
    /// `alg`: the algorithm the sender claims; only a verifier's allow-list makes it trustworthy.
    let alg: String
    /// `kid`: which key of the issuer's JWKS signed.
    let kid: String?
    /// `typ`: the media type, e.g. "JWT".
    let typ: String?
    /// `x5t#S256`: base64url SHA-256 thumbprint of the signing certificate.
    let x5tS256: String?
    /// Every member as sent.
    let json: [String: JSONValue]

    /// Reads the members from a decoded header object; throws if a known member has the wrong type.
    init(json: [String: JSONValue]) throws {
        guard let alg = json["alg"]?.stringValue else {
            throw AuthError(.malformedToken, "the token header has no \"alg\" string")
        }
        // RFC 7515 §4.1.11: extensions marked critical must be understood, and none are.
        guard json["crit"] == nil else {
            throw AuthError(
                .malformedToken, "the token header lists critical extensions (\"crit\"), which are not supported")
        }
        self.alg = alg
        self.kid = try Self.optionalString("kid", in: json)
        self.typ = try Self.optionalString("typ", in: json)
        self.x5tS256 = try Self.optionalString("x5t#S256", in: json)
        self.json = json
    }

    private static func optionalString(_ name: String, in json: [String: JSONValue]) throws -> String? {
        guard let value = json[name] else { return nil }
        guard let string = value.stringValue else {
            throw AuthError(.malformedToken, "the token header's \"\(name)\" is not a string")
        }
        return string
    }
}
