import COpenSSL

/// SHA-256 (FIPS 180-4).
enum SHA256Digest {
    static let byteCount = 32

    /// The 32-byte SHA-256 digest of `data`.
    static func hash(_ data: some Collection<UInt8>) -> [UInt8] {
        OneShotDigest.hash(data, algorithm: FetchedAlgorithms.shared.sha256, byteCount: byteCount, name: "SHA-256")
    }
}

/// MD5 (RFC 1321), only where a peer can compute nothing else: nginx's `secure_link_md5` compares the check cache's
/// key with the session cookie it stands for (sitegen-auth-cache.conf). Its input there is a secret with 256 bits
/// of randomness, so what MD5 is broken for — making two inputs of one's own choosing collide — gives nothing.
enum MD5Digest {
    static let byteCount = 16

    /// The 16-byte MD5 digest of `data`.
    static func hash(_ data: some Collection<UInt8>) -> [UInt8] {
        OneShotDigest.hash(data, algorithm: FetchedAlgorithms.shared.md5, byteCount: byteCount, name: "MD5")
    }
}

/// One `EVP_Digest` call with an algorithm fetched once.
private enum OneShotDigest {
    static func hash(
        _ data: some Collection<UInt8>, algorithm: OpaquePointer, byteCount: Int, name: String
    ) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: byteCount) { output, initialized in
            var length: UInt32 = 0
            let succeeded = data.withContiguousBytes { input in
                EVP_Digest(input.baseAddress, input.count, output.baseAddress, &length, algorithm, nil)
            }
            guard succeeded == 1, length == byteCount else {
                fatalError("\(name) failed" + OpenSSLErrorQueue.drainedReason())
            }
            initialized = byteCount
        }
    }
}

/// HMAC with SHA-256 (RFC 2104).
enum HMACSHA256 {
    /// The 32-byte HMAC-SHA-256 tag of `data` under `key`.
    static func authenticate(_ data: some Collection<UInt8>, key: some Collection<UInt8>) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: SHA256Digest.byteCount) { output, initialized in
            var length = 0
            let result = key.withContiguousBytes { key in
                data.withContiguousBytes { data in
                    EVP_Q_mac(
                        nil, "HMAC", nil, "SHA256", nil, key.baseAddress, key.count, data.baseAddress, data.count,
                        output.baseAddress, output.count, &length)
                }
            }
            guard result != nil, length == SHA256Digest.byteCount else {
                fatalError("HMAC-SHA-256 failed" + OpenSSLErrorQueue.drainedReason())
            }
            initialized = length
        }
    }
}
