/// Integers written straight into bytes in decimal, as `JSONEncoder` and string interpolation write them, for
/// encodings a build writes for every page or path (the access manifest, template nodes' digests).
public enum DecimalBytes {
    /// Appends `number` in decimal, with a `-` when it is negative.
    public static func append(_ number: Int, to bytes: inout [UInt8]) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var rest = number.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        bytes[start...].reverse()
    }
}
