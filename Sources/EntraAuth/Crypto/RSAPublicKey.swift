import COpenSSL

/// An RSA public key that verifies RS256 and PS256 signatures; safe to share between threads.
public final class RSAPublicKey: @unchecked Sendable {
    /// Keys below this size are refused: NIST and Entra require at least 2048 bits.
    public static let minimumModulusBits = 2048
    /// OpenSSL's own ceiling; larger moduli would only make verification slow.
    public static let maximumModulusBits = 16384

    /// The owned `EVP_PKEY`; read-only after init, which is what makes concurrent verification safe.
    private let evpKey: OpaquePointer

    /// The size of the modulus in bits.
    public let modulusBits: Int

    /// Builds a key from the big-endian modulus and exponent of a JWK (`n`, `e`);
    /// throws if the modulus is shorter than 2048 bits or either number is not a plausible RSA value.
    public convenience init(modulus: [UInt8], exponent: [UInt8]) throws {
        let modulus = Array(modulus.drop { $0 == 0 })
        let exponent = Array(exponent.drop { $0 == 0 })
        let bits = modulus.isEmpty ? 0 : (modulus.count - 1) * 8 + (8 - modulus[0].leadingZeroBitCount)
        guard bits >= Self.minimumModulusBits else {
            throw AuthError(
                .crypto,
                "the RSA modulus has \(bits) bits; at least \(Self.minimumModulusBits) are required")
        }
        guard bits <= Self.maximumModulusBits else {
            throw AuthError(
                .crypto,
                "the RSA modulus has \(bits) bits; at most \(Self.maximumModulusBits) are supported")
        }
        guard modulus.last! & 1 == 1 else {
            throw AuthError(.crypto, "the RSA modulus is even, so it is not an RSA modulus")
        }
        guard exponent.count <= 8, exponent.last.map({ $0 & 1 == 1 }) == true, exponent != [1] else {
            throw AuthError(.crypto, "the RSA exponent must be an odd number from 3 to 2^64-1")
        }
        self.init(owning: try Self.makeKey(modulus: modulus, exponent: exponent))
    }

    /// Takes ownership of an `EVP_PKEY` holding at least the public half of an RSA key.
    init(owning key: OpaquePointer) {
        self.evpKey = key
        self.modulusBits = Int(EVP_PKEY_get_bits(key))
    }

    deinit {
        EVP_PKEY_free(evpKey)
    }

    /// Whether `signature` is a valid `algorithm` signature of `message` under this key.
    public func isValidSignature(
        _ signature: [UInt8], for message: some Collection<UInt8>, algorithm: SignatureAlgorithm
    ) -> Bool {
        guard let context = EVP_MD_CTX_new() else {
            fatalError("could not allocate a digest context" + OpenSSLErrorQueue.drainedReason())
        }
        defer { EVP_MD_CTX_free(context) }
        var keyContext: OpaquePointer? = nil
        let verified = message.withContiguousBytes { message in
            guard EVP_DigestVerifyInit_ex(context, &keyContext, shim_digest_sha256, nil, nil, evpKey, nil) == 1,
                let keyContext, algorithm.configure(keyContext)
            else { return false }
            return EVP_DigestVerify(context, signature, signature.count, message.baseAddress, message.count) == 1
        }
        if !verified {
            OpenSSLErrorQueue.clear()
        }
        return verified
    }

    /// Imports n and e as a public-only `EVP_PKEY` (caller owns the result).
    static func makeKey(modulus: [UInt8], exponent: [UInt8]) throws -> OpaquePointer {
        guard let n = BN_bin2bn(modulus, Int32(modulus.count), nil) else {
            throw AuthError.openSSL("could not read the RSA modulus")
        }
        defer { BN_free(n) }
        guard let e = BN_bin2bn(exponent, Int32(exponent.count), nil) else {
            throw AuthError.openSSL("could not read the RSA exponent")
        }
        defer { BN_free(e) }
        guard let builder = OSSL_PARAM_BLD_new() else {
            throw AuthError.openSSL("could not allocate an OpenSSL parameter builder")
        }
        defer { OSSL_PARAM_BLD_free(builder) }
        guard OSSL_PARAM_BLD_push_BN(builder, shim_param_rsa_n, n) == 1,
            OSSL_PARAM_BLD_push_BN(builder, shim_param_rsa_e, e) == 1,
            let params = OSSL_PARAM_BLD_to_param(builder)
        else {
            throw AuthError.openSSL("could not build the RSA key parameters")
        }
        defer { OSSL_PARAM_free(params) }
        guard let context = EVP_PKEY_CTX_new_from_name(nil, "RSA", nil) else {
            throw AuthError.openSSL("OpenSSL has no RSA implementation")
        }
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer? = nil
        guard EVP_PKEY_fromdata_init(context) == 1,
            EVP_PKEY_fromdata(context, &key, shim_evp_pkey_public_key(), params) == 1,
            let key
        else {
            throw AuthError.openSSL("OpenSSL refused the RSA public key")
        }
        return key
    }
}
