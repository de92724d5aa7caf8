import COpenSSL

/// Moves PEM text in and out of OpenSSL through memory BIOs.
enum MemoryBIO {
    /// Runs `body` on a read-only BIO over `text`; the BIO borrows the bytes, so it must not escape.
    static func reading<Result>(_ text: String, _ body: (OpaquePointer) throws -> Result) throws -> Result {
        let bytes = Array(text.utf8)
        guard bytes.count <= Int32.max else { throw AuthError(.crypto, "the PEM text is too large") }
        return try bytes.withUnsafeBytes { buffer in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else {
                throw AuthError.openSSL("could not allocate a memory BIO")
            }
            defer { BIO_free(bio) }
            return try body(bio)
        }
    }

    /// Collects what `write` puts into a fresh memory BIO; `write` returns OpenSSL's 1 for success.
    static func writing(_ write: (OpaquePointer) -> Int32) -> String {
        guard let bio = BIO_new(BIO_s_mem()) else {
            fatalError("could not allocate a memory BIO" + OpenSSLErrorQueue.drainedReason())
        }
        defer { BIO_free(bio) }
        guard write(bio) == 1 else {
            fatalError("PEM encoding failed" + OpenSSLErrorQueue.drainedReason())
        }
        var data: UnsafeMutablePointer<CChar>? = nil
        let count = shim_bio_get_mem_data(bio, &data)
        guard let data, count > 0 else {
            fatalError("PEM encoding produced no output")
        }
        return String(decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
    }
}
