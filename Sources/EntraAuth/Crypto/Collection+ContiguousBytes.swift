extension Collection<UInt8> {
    /// Calls `body` with the bytes in one buffer whose base address is never nil, because
    /// several OpenSSL calls read a NULL pointer as "no value" even when the length is 0.
    /// Copies only when the collection is not already contiguous.
    func withContiguousBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if isEmpty {
            return try [UInt8(0)].withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[0..<0])) }
        }
        if let result = try withContiguousStorageIfAvailable(body) {
            return result
        }
        return try Array(self).withUnsafeBufferPointer(body)
    }
}
