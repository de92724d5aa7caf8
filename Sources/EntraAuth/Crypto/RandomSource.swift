import COpenSSL

/// A source of unpredictable bytes; tests inject a fixed one.
public protocol RandomSource: Sendable {
    /// Returns `count` random bytes.
    func bytes(_ count: Int) -> [UInt8]
}

/// OpenSSL's CSPRNG (`RAND_bytes`), seeded by the operating system.
public struct SystemRandom: RandomSource {
    /// Creates a handle on the process-wide generator.
    public init() {}

    /// Returns `count` bytes from the CSPRNG; stops the process if the generator fails,
    /// because predictable state, nonces or keys are worse than no answer.
    public func bytes(_ count: Int) -> [UInt8] {
        precondition(count >= 0 && count <= Int32.max, "random byte count out of range")
        guard count > 0 else { return [] }
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard RAND_bytes(buffer.baseAddress, Int32(count)) == 1 else {
                fatalError("the OpenSSL random generator failed" + OpenSSLErrorQueue.drainedReason())
            }
            initialized = count
        }
    }
}
