import COpenSSL

/// An X.509 certificate kept as DER, e.g. the client certificate behind a `private_key_jwt` assertion.
public struct X509Certificate: Sendable {
    /// The certificate's DER encoding.
    public let der: [UInt8]

    /// Reads the first `BEGIN CERTIFICATE` block of a PEM text.
    public init(pem: String) throws {
        let certificate = try MemoryBIO.reading(pem) { bio in PEM_read_bio_X509(bio, nil, nil, nil) }
        guard let certificate else {
            throw AuthError.openSSL("the text is not a PEM certificate (expected BEGIN CERTIFICATE)")
        }
        defer { X509_free(certificate) }
        OpenSSLErrorQueue.clear()
        self.der = try Self.derEncoding(of: certificate)
    }

    private init(der: [UInt8]) {
        self.der = der
    }

    /// SHA-256 of the DER encoding; base64url-encoded it is the JOSE `x5t#S256` header.
    public var sha256Thumbprint: [UInt8] {
        SHA256Digest.hash(der)
    }

    /// Whether the certificate's public key is the public half of `key`, so a mismatched
    /// certificate/key pair can be reported at start-up instead of as a refused token request.
    public func certifies(_ key: RSAPrivateKey) -> Bool {
        withParsedCertificate { certificate in
            guard let certificateKey = X509_get0_pubkey(certificate) else { return false }
            return EVP_PKEY_eq(certificateKey, key.evpKey) == 1
        } ?? false
    }

    /// The certificate as PEM (`BEGIN CERTIFICATE`).
    public func pemEncoded() -> String {
        let pem = withParsedCertificate { certificate in
            MemoryBIO.writing { bio in PEM_write_bio_X509(bio, certificate) }
        }
        guard let pem else { fatalError("a certificate that parsed before no longer parses") }
        return pem
    }

    /// Makes a self-signed SHA-256 certificate for `key`, valid from now for `days` days
    /// (tests and the demo; production certificates come from files).
    public static func selfSigned(for key: RSAPrivateKey, commonName: String, days: Int) throws -> X509Certificate {
        guard let certificate = X509_new() else {
            throw AuthError.openSSL("could not allocate a certificate")
        }
        defer { X509_free(certificate) }
        let serial = SystemRandom().bytes(16)
        guard let serialNumber = BN_bin2bn([serial[0] & 0x7F] + serial.dropFirst(), Int32(serial.count), nil) else {
            throw AuthError.openSSL("could not make a serial number")
        }
        defer { BN_free(serialNumber) }
        guard X509_set_version(certificate, 2) == 1,
            BN_to_ASN1_INTEGER(serialNumber, X509_get_serialNumber(certificate)) != nil,
            X509_gmtime_adj(X509_getm_notBefore(certificate), 0) != nil,
            X509_gmtime_adj(X509_getm_notAfter(certificate), days * 86_400) != nil,
            X509_set_pubkey(certificate, key.evpKey) == 1,
            let name = X509_get_subject_name(certificate),
            X509_NAME_add_entry_by_txt(name, "CN", shim_mbstring_utf8(), commonName, -1, -1, 0) == 1,
            X509_set_issuer_name(certificate, name) == 1,
            X509_sign(certificate, key.evpKey, FetchedAlgorithms.shared.sha256) > 0
        else {
            throw AuthError.openSSL("could not create a self-signed certificate for \"\(commonName)\"")
        }
        return X509Certificate(der: try derEncoding(of: certificate))
    }

    /// Parses `der` again for OpenSSL calls that need an `X509` object; nil if it does not parse.
    private func withParsedCertificate<Result>(_ body: (OpaquePointer) -> Result) -> Result? {
        der.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress
            guard let certificate = d2i_X509(nil, &cursor, buffer.count) else {
                OpenSSLErrorQueue.clear()
                return nil
            }
            defer { X509_free(certificate) }
            return body(certificate)
        }
    }

    private static func derEncoding(of certificate: OpaquePointer) throws -> [UInt8] {
        let count = Int(i2d_X509(certificate, nil))
        guard count > 0 else {
            throw AuthError.openSSL("could not DER-encode the certificate")
        }
        var der = [UInt8](repeating: 0, count: count)
        let written = der.withUnsafeMutableBufferPointer { buffer in
            var cursor = buffer.baseAddress
            return i2d_X509(certificate, &cursor)
        }
        guard Int(written) == count else {
            throw AuthError.openSSL("could not DER-encode the certificate")
        }
        return der
    }
}
