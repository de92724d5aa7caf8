/// FastCGI's name-value pairs (specification 1.0, section 3.4), the form of `FCGI_PARAMS` and `FCGI_GET_VALUES`:
/// each pair is the name's length, the value's length (one byte below 128, else four with the top bit set), the
/// name, the value. Every length is checked against the bytes there are: a stranger may send any.
public enum FastCGIParameters {
    /// Calls `body` with each pair's name and value in `stream`, views into it; false when the stream does not end
    /// where its last pair does (a length past its end, a pair cut short).
    @discardableResult
    public static func forEachPair(
        in stream: UnsafeRawBufferPointer,
        _ body: (_ name: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) -> Void
    ) -> Bool {
        var offset = 0
        func length() -> Int? {
            guard offset < stream.count else { return nil }
            let first = stream[offset]
            guard first & 0x80 != 0 else {
                offset += 1
                return Int(first)
            }
            guard stream.count - offset >= 4 else { return nil }
            defer { offset += 4 }
            return Int(first & 0x7F) << 24 | Int(stream[offset + 1]) << 16 | Int(stream[offset + 2]) << 8
                | Int(stream[offset + 3])
        }
        while offset < stream.count {
            guard let nameLength = length(), let valueLength = length(),
                nameLength <= stream.count - offset, valueLength <= stream.count - offset - nameLength
            else { return false }
            let name = UnsafeRawBufferPointer(rebasing: stream[offset..<(offset + nameLength)])
            offset += nameLength
            let value = UnsafeRawBufferPointer(rebasing: stream[offset..<(offset + valueLength)])
            offset += valueLength
            body(name, value)
        }
        return true
    }

    /// Appends the pair `name`, `value` to `stream`.
    public static func appendPair(name: [UInt8], value: [UInt8], to stream: inout [UInt8]) {
        for count in [name.count, value.count] {
            if count < 128 {
                stream.append(UInt8(count))
            } else {
                stream.append(contentsOf: [
                    UInt8((count >> 24) & 0x7F) | 0x80, UInt8((count >> 16) & 0xFF), UInt8((count >> 8) & 0xFF),
                    UInt8(count & 0xFF),
                ])
            }
        }
        stream.append(contentsOf: name)
        stream.append(contentsOf: value)
    }
}
