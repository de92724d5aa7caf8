import COpenSSL

/// AES-256-GCM authenticated encryption with a 12-byte nonce and a 16-byte tag.
enum AESGCM {
    static let keyByteCount = 32
    static let nonceByteCount = 12
    static let tagByteCount = 16

    /// Encrypts and authenticates `plaintext` and `aad`; returns ciphertext followed by the tag.
    /// The caller must never reuse a nonce under the same key.
    static func seal(_ plaintext: [UInt8], key: [UInt8], nonce: [UInt8], authenticating aad: [UInt8]) -> [UInt8] {
        precondition(key.count == keyByteCount, "AES-256-GCM needs a 32-byte key")
        precondition(nonce.count == nonceByteCount, "AES-GCM needs a 12-byte nonce")
        guard let context = EVP_CIPHER_CTX_new() else {
            fatalError("AES-GCM context allocation failed" + OpenSSLErrorQueue.drainedReason())
        }
        defer { EVP_CIPHER_CTX_free(context) }
        let sealedCount = plaintext.count + tagByteCount
        return [UInt8](unsafeUninitializedCapacity: sealedCount) { output, initialized in
            var written: Int32 = 0
            var succeeded = EVP_EncryptInit_ex2(context, FetchedAlgorithms.shared.aes256GCM, key, nonce, nil) == 1
            if succeeded, !aad.isEmpty {
                succeeded = EVP_EncryptUpdate(context, nil, &written, aad, Int32(aad.count)) == 1
            }
            if succeeded, !plaintext.isEmpty {
                succeeded =
                    EVP_EncryptUpdate(context, output.baseAddress, &written, plaintext, Int32(plaintext.count)) == 1
                    && Int(written) == plaintext.count
            }
            if succeeded {
                succeeded = EVP_EncryptFinal_ex(context, output.baseAddress! + plaintext.count, &written) == 1
            }
            if succeeded {
                succeeded =
                    EVP_CIPHER_CTX_ctrl(
                        context, EVP_CTRL_AEAD_GET_TAG, Int32(tagByteCount), output.baseAddress! + plaintext.count) == 1
            }
            guard succeeded else {
                fatalError("AES-GCM encryption failed" + OpenSSLErrorQueue.drainedReason())
            }
            initialized = sealedCount
        }
    }

    /// Checks the tag and decrypts; nil when anything does not match or `sealed` is too short.
    static func open(_ sealed: [UInt8], key: [UInt8], nonce: [UInt8], authenticating aad: [UInt8]) -> [UInt8]? {
        precondition(key.count == keyByteCount, "AES-256-GCM needs a 32-byte key")
        guard nonce.count == nonceByteCount, sealed.count >= tagByteCount else { return nil }
        guard let context = EVP_CIPHER_CTX_new() else {
            fatalError("AES-GCM context allocation failed" + OpenSSLErrorQueue.drainedReason())
        }
        defer { EVP_CIPHER_CTX_free(context) }
        let ciphertextCount = sealed.count - tagByteCount
        var opened = true
        let plaintext = [UInt8](unsafeUninitializedCapacity: max(ciphertextCount, 1)) { output, initialized in
            var written: Int32 = 0
            var tag = Array(sealed[ciphertextCount...])
            guard EVP_DecryptInit_ex2(context, FetchedAlgorithms.shared.aes256GCM, key, nonce, nil) == 1,
                EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_AEAD_SET_TAG, Int32(tagByteCount), &tag) == 1
            else {
                fatalError("AES-GCM decryption setup failed" + OpenSSLErrorQueue.drainedReason())
            }
            if !aad.isEmpty {
                opened = EVP_DecryptUpdate(context, nil, &written, aad, Int32(aad.count)) == 1
            }
            if opened, ciphertextCount > 0 {
                opened =
                    sealed.withUnsafeBufferPointer {
                        EVP_DecryptUpdate(context, output.baseAddress, &written, $0.baseAddress, Int32(ciphertextCount))
                    } == 1 && Int(written) == ciphertextCount
            }
            // Final is where GCM compares the tag; its output is always empty.
            if opened {
                opened = EVP_DecryptFinal_ex(context, output.baseAddress! + ciphertextCount, &written) == 1
            }
            if opened {
                initialized = ciphertextCount
            } else {
                output.baseAddress!.initialize(repeating: 0, count: ciphertextCount)
                initialized = 0
                OpenSSLErrorQueue.clear()
            }
        }
        return opened ? plaintext : nil
    }
}
