import COpenSSL

/// HKDF extract-and-expand (RFC 5869) through OpenSSL's EVP_KDF "HKDF".
enum HKDF {
    /// Derives `length` bytes (1…8160) from `secret` (not empty), `salt` and `info` with SHA-256.
    static func sha256(secret: [UInt8], salt: [UInt8], info: [UInt8], length: Int) -> [UInt8] {
        precondition(!secret.isEmpty, "HKDF needs a non-empty secret")
        precondition((1...255 * SHA256Digest.byteCount).contains(length), "HKDF-SHA-256 output is 1…8160 bytes")
        guard let context = EVP_KDF_CTX_new(FetchedAlgorithms.shared.hkdf) else {
            fatalError("HKDF context allocation failed" + OpenSSLErrorQueue.drainedReason())
        }
        defer { EVP_KDF_CTX_free(context) }
        return [UInt8](unsafeUninitializedCapacity: length) { output, initialized in
            let derived = secret.withContiguousBytes { secret in
                salt.withContiguousBytes { salt in
                    info.withContiguousBytes { info in
                        // An empty salt means HashLen zero bytes (RFC 5869 §2.2), which is OpenSSL's default.
                        var params = [
                            OSSL_PARAM_construct_utf8_string(
                                shim_param_kdf_digest, UnsafeMutablePointer(mutating: shim_digest_sha256), 0),
                            octetString(shim_param_kdf_key, secret),
                        ]
                        if !salt.isEmpty { params.append(octetString(shim_param_kdf_salt, salt)) }
                        if !info.isEmpty { params.append(octetString(shim_param_kdf_info, info)) }
                        params.append(OSSL_PARAM_construct_end())
                        return EVP_KDF_derive(context, output.baseAddress, length, params)
                    }
                }
            }
            guard derived == 1 else {
                fatalError("HKDF-SHA-256 failed" + OpenSSLErrorQueue.drainedReason())
            }
            initialized = length
        }
    }

    /// A parameter that points at `bytes`, which must outlive the derivation that reads it.
    private static func octetString(_ name: UnsafePointer<CChar>, _ bytes: UnsafeBufferPointer<UInt8>) -> OSSL_PARAM {
        OSSL_PARAM_construct_octet_string(name, UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }
}
