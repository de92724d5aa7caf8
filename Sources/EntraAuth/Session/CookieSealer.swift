import Foundation

/// Seals cookie values with AES-256-GCM under keys derived (HKDF-SHA-256) from the cookie secrets.
///
/// The first secret seals and every secret opens, so secrets rotate without signing everyone out. The cookie
/// name is authenticated data, so a value sealed for one cookie never opens as another. The keys are bound to the
/// purpose, the client id and the site's origin, so two sites that share a `cookie_secret` (a copied config, one
/// secret for staging and production) never accept each other's cookies; and to the authority (its metadata URL),
/// so a session signed in under another authority — `common` before the site named its own tenant — opens nothing:
/// its tenant and roles were vouched for under rules the site no longer has.
struct CookieSealer: Sendable {
    static let formatVersion: UInt8 = 1
    private static let nonceLength = 12
    private let keys: [[UInt8]]
    /// Longer values are refused before any decoding: a cookie never comes near it.
    private let longest: Int

    /// A sealer for `purpose` under `config`'s secrets, bound to its client id, origin and authority.
    init(config: AuthConfig, purpose: String, longest: Int = 8192) {
        self.init(
            secrets: config.cookieSecrets, purpose: purpose, clientID: config.clientID, origin: config.origin,
            authority: config.serverMetadataURL.absoluteString, longest: longest)
    }

    init(
        secrets: [[UInt8]], purpose: String, clientID: String, origin: String, authority: String, longest: Int = 8192
    ) {
        self.longest = longest
        let info = Array([purpose, clientID, origin, authority].joined(separator: "\n").utf8)
        keys = secrets.map {
            HKDF.sha256(secret: $0, salt: Array("sitegen-auth cookie v2".utf8), info: info, length: 32)
        }
    }

    func seal(_ plaintext: [UInt8], cookieName: String, random: any RandomSource) -> String {
        let nonce = random.bytes(Self.nonceLength)
        let sealed = AESGCM.seal(plaintext, key: keys[0], nonce: nonce, authenticating: Array(cookieName.utf8))
        return Base64URL.encode([Self.formatVersion] + nonce + sealed)
    }

    /// The plaintext, or nil when the value is malformed, truncated, tampered with or sealed under an unknown secret.
    func open(_ value: Substring, cookieName: String) -> [UInt8]? {
        guard value.utf8.count <= longest, let bytes = Base64URL.decode(String(value)),
            bytes.count > 1 + Self.nonceLength + 16,
            bytes[0] == Self.formatVersion
        else { return nil }
        let nonce = Array(bytes[1...Self.nonceLength])
        let sealed = Array(bytes[(1 + Self.nonceLength)...])
        for key in keys {
            if let plaintext = AESGCM.open(sealed, key: key, nonce: nonce, authenticating: Array(cookieName.utf8)) {
                return plaintext
            }
        }
        return nil
    }
}
