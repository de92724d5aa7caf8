public import Foundation

/// The parts of an OpenID Connect discovery document that sign-in uses.
public struct ProviderMetadata: Codable, Sendable, Equatable {
    /// The issuer, possibly the multi-tenant template `…/{tenantid}/v2.0`.
    public var issuer: String
    /// Where the browser signs in.
    public var authorizationEndpoint: URL
    /// Where the code is redeemed.
    public var tokenEndpoint: URL
    /// The signing keys.
    public var jwksURI: URL
    /// Where the browser signs out; some providers have none.
    public var endSessionEndpoint: URL?

    enum CodingKeys: String, CodingKey {
        case issuer
        case authorizationEndpoint = "authorization_endpoint"
        case tokenEndpoint = "token_endpoint"
        case jwksURI = "jwks_uri"
        case endSessionEndpoint = "end_session_endpoint"
    }

    /// Decodes a discovery document and refuses endpoints that are not https (loopback http excepted).
    static func decode(_ data: Data, from url: URL) throws -> ProviderMetadata {
        let metadata: ProviderMetadata
        do {
            metadata = try JSONDecoder().decode(ProviderMetadata.self, from: data)
        } catch {
            throw AuthError(
                .providerUnavailable, "the discovery document at \(url) is not valid OpenID Connect metadata: \(error)")
        }
        for endpoint in [metadata.authorizationEndpoint, metadata.tokenEndpoint, metadata.jwksURI]
            + [metadata.endSessionEndpoint].compactMap({ $0 })
        {
            let secure =
                endpoint.scheme == "https" || (endpoint.scheme == "http" && LoopbackHost.contains(endpoint.host ?? ""))
            guard secure else {
                throw AuthError(
                    .providerUnavailable,
                    "the discovery document names \(endpoint), which is neither https nor loopback http")
            }
        }
        return metadata
    }
}
