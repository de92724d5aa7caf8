import COpenSSL

/// An RSA private key that signs RS256 and PS256; safe to share between threads.
public final class RSAPrivateKey: @unchecked Sendable {
    /// The owned `EVP_PKEY`; read-only after init. `X509Certificate` borrows it to sign.
    let evpKey: OpaquePointer

    /// The public half, for verifying what this key signs.
    public let publicKey: RSAPublicKey

    /// The big-endian modulus and public exponent, as a JWK's `n` and `e` carry them.
    public let publicComponents: (modulus: [UInt8], exponent: [UInt8])

    /// Reads an unencrypted PKCS#8 (`BEGIN PRIVATE KEY`) or PKCS#1 (`BEGIN RSA PRIVATE KEY`)
    /// PEM key of at least 2048 bits.
    public convenience init(pem: String) throws {
        guard !pem.contains("ENCRYPTED") else {
            throw AuthError(
                .crypto,
                "the private key PEM is encrypted; store it unencrypted with file mode 0600 "
                    + "(openssl pkey -in encrypted.pem -out key.pem)")
        }
        let key = try MemoryBIO.reading(pem) { bio in
            // A callback that supplies no password, so OpenSSL never prompts on a terminal.
            PEM_read_bio_PrivateKey(bio, nil, { _, _, _, _ in 0 }, nil)
        }
        guard let key else {
            throw AuthError.openSSL(
                "the text is not a PEM private key (expected BEGIN PRIVATE KEY or BEGIN RSA PRIVATE KEY)")
        }
        // The decoders OpenSSL tried before the right one may have queued errors.
        OpenSSLErrorQueue.clear()
        guard EVP_PKEY_is_a(key, "RSA") == 1 else {
            let type = EVP_PKEY_get0_type_name(key).map { String(cString: $0) } ?? "unknown"
            EVP_PKEY_free(key)
            throw AuthError(.crypto, "the private key is a \(type) key; an RSA key is required")
        }
        let bits = Int(EVP_PKEY_get_bits(key))
        guard bits >= RSAPublicKey.minimumModulusBits else {
            EVP_PKEY_free(key)
            throw AuthError(
                .crypto,
                "the RSA private key has \(bits) bits; at least \(RSAPublicKey.minimumModulusBits) are required")
        }
        try self.init(owning: key)
    }

    /// Takes ownership of an RSA `EVP_PKEY` with its private half; frees it if init fails.
    private init(owning key: OpaquePointer) throws {
        do {
            let modulus = try Self.bigEndianParameter(shim_param_rsa_n, of: key)
            let exponent = try Self.bigEndianParameter(shim_param_rsa_e, of: key)
            self.publicKey = RSAPublicKey(owning: try RSAPublicKey.makeKey(modulus: modulus, exponent: exponent))
            self.publicComponents = (modulus, exponent)
        } catch {
            EVP_PKEY_free(key)
            throw error
        }
        self.evpKey = key
    }

    deinit {
        EVP_PKEY_free(evpKey)
    }

    /// Generates a fresh key of `bits` bits (tests and the demo; production keys come from PEM files).
    public static func generate(bits: Int) throws -> RSAPrivateKey {
        guard let context = EVP_PKEY_CTX_new_from_name(nil, "RSA", nil) else {
            throw AuthError.openSSL("OpenSSL has no RSA implementation")
        }
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer? = nil
        guard EVP_PKEY_keygen_init(context) == 1,
            EVP_PKEY_CTX_set_rsa_keygen_bits(context, Int32(clamping: bits)) == 1,
            EVP_PKEY_generate(context, &key) == 1,
            let key
        else {
            throw AuthError.openSSL("could not generate a \(bits)-bit RSA key")
        }
        return try RSAPrivateKey(owning: key)
    }

    /// Signs `message` with `algorithm`; the result is as long as the modulus.
    public func signature(for message: some Collection<UInt8>, algorithm: SignatureAlgorithm) throws -> [UInt8] {
        guard let context = EVP_MD_CTX_new() else {
            throw AuthError.openSSL("could not allocate a digest context")
        }
        defer { EVP_MD_CTX_free(context) }
        var keyContext: OpaquePointer? = nil
        guard EVP_DigestSignInit_ex(context, &keyContext, shim_digest_sha256, nil, nil, evpKey, nil) == 1,
            let keyContext, algorithm.configure(keyContext)
        else {
            throw AuthError.openSSL("could not set up \(algorithm.rawValue) signing")
        }
        var length = Int(EVP_PKEY_get_size(evpKey))
        var signature = [UInt8](repeating: 0, count: length)
        let signed = message.withContiguousBytes { message in
            EVP_DigestSign(context, &signature, &length, message.baseAddress, message.count)
        }
        guard signed == 1 else {
            throw AuthError.openSSL("\(algorithm.rawValue) signing failed")
        }
        return Array(signature.prefix(length))
    }

    /// The key as unencrypted PKCS#8 PEM (`BEGIN PRIVATE KEY`).
    public func pemEncoded() -> String {
        MemoryBIO.writing { bio in PEM_write_bio_PrivateKey(bio, evpKey, nil, nil, 0, nil, nil) }
    }

    /// Reads an integer key parameter such as "n" as unsigned big-endian bytes.
    private static func bigEndianParameter(_ name: UnsafePointer<CChar>, of key: OpaquePointer) throws -> [UInt8] {
        var number: OpaquePointer? = nil
        guard EVP_PKEY_get_bn_param(key, name, &number) == 1, let number else {
            throw AuthError.openSSL("could not read RSA parameter \(String(cString: name))")
        }
        defer { BN_free(number) }
        let count = (Int(BN_num_bits(number)) + 7) / 8
        var bytes = [UInt8](repeating: 0, count: count)
        _ = BN_bn2bin(number, &bytes)
        return bytes
    }
}
