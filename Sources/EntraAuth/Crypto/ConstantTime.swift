import COpenSSL

/// Compares two byte strings in time that depends only on their lengths, so a mismatch
/// position never leaks through timing; for comparing MACs, state values and secrets.
func constantTimeEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    guard !a.isEmpty else { return true }
    return CRYPTO_memcmp(a, b, a.count) == 0
}
