import COpenSSL

/// The JWS RSA signature algorithms (RFC 7518 §3.3 and §3.5) this library signs and verifies.
public enum SignatureAlgorithm: String, Sendable, CaseIterable {
    /// RSASSA-PKCS1-v1_5 with SHA-256.
    case rs256 = "RS256"
    /// RSASSA-PSS with SHA-256, MGF1 with SHA-256 and a 32-byte salt.
    case ps256 = "PS256"

    /// Sets the padding scheme on the key context of a digest-sign or digest-verify operation.
    func configure(_ keyContext: OpaquePointer) -> Bool {
        switch self {
        case .rs256:
            return EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PADDING) == 1
        case .ps256:
            // RFC 7518 §3.5 fixes the salt length to the digest length, so verification
            // demands exactly 32 bytes instead of accepting any length OpenSSL could recover.
            return EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PSS_PADDING) == 1
                && EVP_PKEY_CTX_set_rsa_mgf1_md_name(keyContext, shim_digest_sha256, nil) == 1
                && EVP_PKEY_CTX_set_rsa_pss_saltlen(keyContext, Int32(SHA256Digest.byteCount)) == 1
        }
    }
}
