import COpenSSL
import Foundation

/// SHA-256 digests as lowercase hex, for cache keys and output verification.
enum SHA256 {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The digest of `data`.
    static func hex(_ data: Data) -> String {
        data.withUnsafeBytes { hex(bytes: $0) }
    }

    /// The digest of `bytes`.
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes { hex(bytes: $0) }
    }

    private static func hex(bytes: UnsafeRawBufferPointer) -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let ok = EVP_Digest(bytes.baseAddress, bytes.count, &digest, &length, EVP_sha256(), nil)
        precondition(ok == 1, "EVP_Digest(SHA-256) failed")
        var hex: [UInt8] = []
        hex.reserveCapacity(Int(length) * 2)
        for byte in digest.prefix(Int(length)) {
            hex.append(hexDigits[Int(byte >> 4)])
            hex.append(hexDigits[Int(byte & 0x0f)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    /// The digest of the UTF-8 bytes of `text`.
    static func hex(_ text: String) -> String {
        hex(Data(text.utf8))
    }
}
