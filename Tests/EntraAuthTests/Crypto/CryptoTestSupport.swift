@testable import EntraAuth

/// Keys shared by the crypto and JOSE tests: RSA generation takes a noticeable fraction of a second.
enum CryptoTestKeys {
    static let signing = try! RSAPrivateKey.generate(bits: 2048)
    static let other = try! RSAPrivateKey.generate(bits: 2048)
}

/// Bytes from a hex string such as "0b0b0b"; traps on malformed input, which is a broken test.
func hexBytes(_ hex: String) -> [UInt8] {
    let digits = Array(hex.utf8)
    precondition(digits.count % 2 == 0, "odd hex length")
    return stride(from: 0, to: digits.count, by: 2).map { index in
        UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16)!
    }
}
