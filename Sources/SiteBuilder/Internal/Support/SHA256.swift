import COpenSSL
import Foundation

/// SHA-256 digests, for cache keys.
enum SHA256 {
    /// A digest as four words: cheap to store, compare and feed into another digest.
    struct Digest: Hashable, Sendable {
        fileprivate var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

        static func == (lhs: Digest, rhs: Digest) -> Bool {
            lhs.words == rhs.words
        }

        /// The first 64 bits of a SHA-256 digest hash as well as all of them.
        func hash(into hasher: inout Hasher) {
            hasher.combine(words.0)
        }

        /// The digest whose 32 bytes are `bytes`, as `append(to:)` wrote them; nil for any other length.
        init?(bytes: ArraySlice<UInt8>) {
            guard bytes.count == 32 else { return nil }
            withUnsafeMutableBytes(of: &words) { $0.copyBytes(from: bytes) }
        }

        init() {}

        /// Appends the 32 digest bytes to `output`.
        func append(to output: inout [UInt8]) {
            withUnsafeBytes(of: words) { output.append(contentsOf: $0) }
        }

        /// Lowercase hex, as stored in the build cache.
        var hex: String {
            var text: [UInt8] = []
            text.reserveCapacity(64)
            withUnsafeBytes(of: words) { bytes in
                for byte in bytes {
                    text.append(hexDigits[Int(byte >> 4)])
                    text.append(hexDigits[Int(byte & 0x0f)])
                }
            }
            return String(decoding: text, as: UTF8.self)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Fetched once: with `EVP_sha256()`, OpenSSL 3 looks the implementation up again on every call, which
    /// costs as much as hashing a short key, and a build hashes tens of thousands of them. Never freed; an
    /// `EVP_MD` may be shared between threads.
    private nonisolated(unsafe) static let sha256 = EVP_MD_fetch(nil, "SHA256", nil)

    /// The digest of `bytes`.
    static func digest(_ bytes: UnsafeRawBufferPointer) -> Digest {
        var digest = Digest()
        var length: UInt32 = 0
        let ok = withUnsafeMutableBytes(of: &digest.words) { output in
            EVP_Digest(bytes.baseAddress, bytes.count, output.baseAddress, &length, sha256, nil)
        }
        precondition(ok == 1 && length == 32, "EVP_Digest(SHA-256) failed")
        return digest
    }

    /// The digest of `bytes`.
    static func digest(_ bytes: [UInt8]) -> Digest {
        bytes.withUnsafeBytes { digest($0) }
    }

    /// The digest of `data` as hex.
    static func hex(_ data: Data) -> String {
        data.withUnsafeBytes { digest($0) }.hex
    }

    /// The digest of `bytes` as hex.
    static func hex(_ bytes: [UInt8]) -> String {
        digest(bytes).hex
    }

    /// The digest of the UTF-8 bytes of `text`.
    static func digest(_ text: String) -> Digest {
        var text = text
        return text.withUTF8 { digest(UnsafeRawBufferPointer($0)) }
    }

    /// The digest of the UTF-8 bytes of `text` as hex.
    static func hex(_ text: String) -> String {
        digest(text).hex
    }
}
