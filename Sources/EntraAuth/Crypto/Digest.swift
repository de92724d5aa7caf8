import COpenSSL

/// SHA-256 (FIPS 180-4).
enum SHA256Digest {
    static let byteCount = 32

    /// The 32-byte SHA-256 digest of `data`.
    static func hash(_ data: some Collection<UInt8>) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: byteCount) { output, initialized in
            var length: UInt32 = 0
            let succeeded = data.withContiguousBytes { input in
                EVP_Digest(
                    input.baseAddress, input.count, output.baseAddress, &length, FetchedAlgorithms.shared.sha256, nil)
            }
            guard succeeded == 1, length == byteCount else {
                fatalError("SHA-256 failed" + OpenSSLErrorQueue.drainedReason())
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
