import COpenSSL

extension AuthError {
    /// Describes a failed OpenSSL call and drains this thread's OpenSSL error queue,
    /// so a stale entry never ends up in a later, unrelated message.
    static func openSSL(_ what: String) -> AuthError {
        AuthError(.crypto, what + OpenSSLErrorQueue.drainedReason())
    }
}

/// OpenSSL keeps a per-thread queue of error codes; every failure path empties it.
enum OpenSSLErrorQueue {
    /// The first queued error as " (OpenSSL: …)", or "" when the queue is empty; clears the queue.
    static func drainedReason() -> String {
        let code = ERR_get_error()
        ERR_clear_error()
        guard code != 0 else { return "" }
        var buffer = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &buffer, buffer.count)
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return " (OpenSSL: \(text))"
    }

    /// Forgets queued errors after an expected failure, such as a signature that does not verify.
    static func clear() {
        ERR_clear_error()
    }
}
