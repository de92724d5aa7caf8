import Foundation

/// Entra tenant ids are GUIDs; anything else in a `tid` claim is refused before it reaches an issuer template.
enum TenantID {
    /// The tenant id of personal Microsoft accounts (the `consumers` authority).
    static let consumers = "9188040d-6c67-4c5b-b112-36a304b66dad"

    /// Whether a discovery URL names Entra's `common` or `organizations` authority, which admit readers of any
    /// tenant (and, with `common`, personal accounts).
    static func isMultiTenantAuthority(_ metadataURL: URL) -> Bool {
        let segment = metadataURL.pathComponents.dropFirst().first?.lowercased()
        return segment == "common" || segment == "organizations"
    }

    /// Whether `host` signs in with Microsoft Entra: its public, US government and China clouds, and external
    /// tenants (`ciamlogin.com`).
    static func isEntraHost(_ host: String) -> Bool {
        ["login.microsoftonline.com", "login.microsoftonline.us", "login.partner.microsoftonline.cn"].contains(host)
            || host.hasSuffix(".ciamlogin.com")
    }

    static func isGUID(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.map(\.count) == [8, 4, 4, 4, 12] else { return false }
        return groups.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isHexDigit } }
    }
}
