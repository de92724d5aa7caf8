import Foundation

/// How a token's `iss` is checked, decided once from the configured authority and the discovered issuer.
///
/// Entra's `common` and `organizations` metadata carry the literal issuer
/// `https://login.microsoftonline.com/{tenantid}/v2.0`: a token is checked by substituting its `tid`
/// (which must be a GUID) and comparing exactly. Every other issuer is compared exactly.
enum IssuerPolicy: Sendable, Equatable {
    case exact(String)
    case tenantTemplate(String)

    static let placeholder = "{tenantid}"
    static let wellKnownSuffix = "/.well-known/openid-configuration"

    /// Decides the policy, refusing a discovered issuer that does not belong to the configured authority.
    static func resolve(metadataURL: URL, discoveredIssuer issuer: String) throws -> IssuerPolicy {
        let configured = metadataURL.absoluteString
        let authority =
            configured.hasSuffix(wellKnownSuffix) ? String(configured.dropLast(wellKnownSuffix.count)) : configured
        let mismatch = AuthError(
            .config,
            "the discovered issuer '\(issuer)' does not match the configured authority '\(authority)'; "
                + "check server_metadata_url (or AUTHORITY)"
        )
        if issuer == authority { return .exact(issuer) }
        guard let configuredURL = URL(string: authority), let issuerURL = URL(string: issuer),
            configuredURL.scheme == issuerURL.scheme
        else { throw mismatch }
        let configuredParts = configuredURL.pathComponents.filter { $0 != "/" }
        let issuerParts = issuerURL.pathComponents.filter { $0 != "/" }
        guard configuredParts.count == issuerParts.count, let tenant = configuredParts.first,
            Array(configuredParts.dropFirst()) == Array(issuerParts.dropFirst())
        else { throw mismatch }
        let issuerTenant = issuerParts[0]
        let multiTenant = ["common", "organizations"].contains(tenant.lowercased())

        if configuredURL.host == issuerURL.host {
            if multiTenant, issuerTenant.lowercased() == placeholder { return .tenantTemplate(issuer) }
            if tenant.lowercased() == "consumers", issuerTenant.lowercased() == TenantID.consumers {
                return .exact(issuer)
            }
            // A tenant configured by domain name (contoso.onmicrosoft.com) is published under its GUID.
            if tenant.contains("."), TenantID.isGUID(issuerTenant) { return .exact(issuer) }
            throw mismatch
        }
        // External tenants: https://<sub>.ciamlogin.com/<sub>.onmicrosoft.com publish https://<guid>.ciamlogin.com/<guid>.
        if let configuredHost = configuredURL.host, let issuerHost = issuerURL.host,
            configuredHost.hasSuffix(".ciamlogin.com"), issuerHost == "\(issuerTenant).ciamlogin.com",
            TenantID.isGUID(issuerTenant), !multiTenant
        {
            return .exact(issuer)
        }
        throw mismatch
    }

    /// Whether a token's `iss` (with its `tid`) is acceptable; the reason when it is not.
    func check(issuer: String, tenantID: String?) -> String? {
        switch self {
        case .exact(let expected):
            return issuer == expected ? nil : "iss '\(issuer)' is not the expected issuer '\(expected)'"
        case .tenantTemplate(let template):
            guard let tenantID, TenantID.isGUID(tenantID) else {
                return "tid is missing or not a GUID, so the multi-tenant issuer cannot be checked"
            }
            let expected = template.replacingOccurrences(
                of: Self.placeholder, with: tenantID, options: .caseInsensitive)
            return issuer == expected ? nil : "iss '\(issuer)' does not match '\(expected)' for tid \(tenantID)"
        }
    }
}
