import COpenSSL

/// OpenSSL algorithm implementations fetched once per process: the legacy `EVP_sha256()`
/// style getters fetch again on every use, which costs a lock on the per-request path.
/// Fetched algorithm objects are immutable and safe to share between threads.
final class FetchedAlgorithms: @unchecked Sendable {
    let sha256: OpaquePointer
    let md5: OpaquePointer
    let aes256GCM: OpaquePointer
    let hkdf: OpaquePointer

    static let shared = FetchedAlgorithms()

    private init() {
        guard let sha256 = EVP_MD_fetch(nil, "SHA256", nil),
            let md5 = EVP_MD_fetch(nil, "MD5", nil),
            let aes256GCM = EVP_CIPHER_fetch(nil, "AES-256-GCM", nil),
            let hkdf = EVP_KDF_fetch(nil, "HKDF", nil)
        else {
            fatalError("OpenSSL lacks SHA256, MD5, AES-256-GCM or HKDF" + OpenSSLErrorQueue.drainedReason())
        }
        self.sha256 = sha256
        self.md5 = md5
        self.aes256GCM = aes256GCM
        self.hkdf = hkdf
    }
}
