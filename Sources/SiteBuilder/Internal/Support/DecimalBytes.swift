/// Decimal numbers written into and read from UTF-8 bytes without making strings: the build record and the
/// search index write tens of thousands of them.
enum DecimalBytes {
    /// Appends `value` in decimal, `-` first when it is negative. The digits are made from the last in a
    /// buffer on the stack and appended at once: the build record and the search index write a great many.
    static func append(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        if magnitude < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        // Most numbers the search index writes (page steps, weights) have two or three digits.
        if magnitude < 1000 {
            if magnitude >= 100 { bytes.append(UInt8(ascii: "0") + UInt8(magnitude / 100)) }
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude / 10 % 10))
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// The number `digits` spell, ASCII digits only, no sign; nil when empty, for any other byte, or beyond `Int`.
    static func value(of digits: some Collection<UInt8>) -> Int? {
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let (product, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = product.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflow, !carry else { return nil }
            value = sum
        }
        return value
    }
}
