/// A compact byte encoding for the build cache's page store: integers as variable-length numbers,
/// strings as their length and UTF-8 bytes, no field names. The store's header carries a version,
/// and any change to an encoding bumps it. Binary because the store is read at the start of every
/// build and holds what parsing ten thousand pages found: decoding it must take milliseconds.
protocol ByteCodable {
    init(from reader: inout ByteReader) throws(ByteReader.Damaged)
    func write(to writer: inout ByteWriter)
}

struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    init() {}

    /// A writer with room for `capacity` bytes: the keys a build makes for every page are made without
    /// growing their buffer again and again.
    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Zig-zag, then seven bits a byte, low bits first.
    mutating func int(_ value: Int) {
        var rest = UInt64(bitPattern: Int64(value << 1 ^ value >> 63))
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// A number as its bits.
    mutating func double(_ value: Double) {
        int(Int(Int64(bitPattern: value.bitPattern)))
    }

    /// Bytes as they are, such as a file's header.
    mutating func raw(_ data: [UInt8]) {
        bytes += data
    }

    mutating func bool(_ flag: Bool) {
        bytes.append(flag ? 1 : 0)
    }

    /// Their count, then each as four bytes, low byte first: long runs of numbers are copied, not encoded
    /// one by one.
    mutating func int32s(_ values: [Int32]) {
        int(values.count)
        #if _endian(little)
            values.withUnsafeBytes { bytes.append(contentsOf: $0) }
        #else
            for value in values {
                withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
            }
        #endif
    }

    mutating func string(_ text: String) {
        int(text.utf8.count)
        bytes.append(contentsOf: text.utf8)
    }

    mutating func digest(_ digest: SHA256.Digest) {
        digest.append(to: &bytes)
    }

    mutating func value(_ value: some ByteCodable) {
        value.write(to: &self)
    }

    mutating func optional<Value>(_ value: Value?, _ write: (inout ByteWriter, Value) -> Void) {
        bool(value != nil)
        if let value { write(&self, value) }
    }

    mutating func list<Element>(_ elements: some Collection<Element>, _ write: (inout ByteWriter, Element) -> Void) {
        int(elements.count)
        for element in elements { write(&self, element) }
    }
}

struct ByteReader {
    /// The bytes end early or hold a value no writer makes: the store is damaged or from another version.
    struct Damaged: Error {}

    private let bytes: [UInt8]
    private(set) var position: Int

    init(bytes: [UInt8], from position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    var isAtEnd: Bool { position == bytes.count }

    mutating func int() throws(Damaged) -> Int {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < bytes.count, shift < 64 else { throw Damaged() }
            let byte = bytes[position]
            position += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return Int(Int64(bitPattern: result >> 1 ^ (0 &- (result & 1))))
    }

    /// What `ByteWriter.double` wrote.
    mutating func double() throws(Damaged) -> Double {
        Double(bitPattern: UInt64(bitPattern: Int64(try int())))
    }

    /// What `ByteWriter.int32s` wrote.
    mutating func int32s() throws(Damaged) -> [Int32] {
        let count = try int()
        guard count >= 0, count <= (bytes.count - position) / 4 else { throw Damaged() }
        let start = position
        position += count * 4
        return bytes.withUnsafeBytes { source in
            [Int32](unsafeUninitializedCapacity: count) { values, initialized in
                for index in 0..<count {
                    values[index] = Int32(
                        littleEndian: source.loadUnaligned(fromByteOffset: start + index * 4, as: Int32.self))
                }
                initialized = count
            }
        }
    }

    mutating func bool() throws(Damaged) -> Bool {
        guard position < bytes.count, bytes[position] <= 1 else { throw Damaged() }
        position += 1
        return bytes[position - 1] == 1
    }

    mutating func string() throws(Damaged) -> String {
        let count = try int()
        guard count >= 0, count <= bytes.count - position else { throw Damaged() }
        position += count
        // Through a pointer, not an array slice: a slice would count a reference to the whole store's
        // bytes, which the threads decoding it in parallel all share, for every string.
        let start = position - count
        return bytes.withUnsafeBufferPointer { String(decoding: $0[start..<start + count], as: UTF8.self) }
    }

    mutating func digest() throws(Damaged) -> SHA256.Digest {
        guard bytes.count - position >= 32, let digest = SHA256.Digest(bytes: bytes[position..<position + 32]) else {
            throw Damaged()
        }
        position += 32
        return digest
    }

    mutating func value<Value: ByteCodable>(_ type: Value.Type = Value.self) throws(Damaged) -> Value {
        try Value(from: &self)
    }

    mutating func optional<Value>(_ read: (inout ByteReader) throws(Damaged) -> Value) throws(Damaged) -> Value? {
        try bool() ? try read(&self) : nil
    }

    mutating func list<Element>(_ read: (inout ByteReader) throws(Damaged) -> Element) throws(Damaged) -> [Element] {
        let count = try int()
        guard count >= 0, count <= bytes.count - position else { throw Damaged() }
        var elements: [Element] = []
        elements.reserveCapacity(count)
        for _ in 0..<count { elements.append(try read(&self)) }
        return elements
    }

    /// Skips `count` bytes and returns where they are.
    mutating func skip(_ count: Int) throws(Damaged) -> Range<Int> {
        guard count >= 0, count <= bytes.count - position else { throw Damaged() }
        position += count
        return position - count..<position
    }

    /// A tag byte naming which case of an enumeration follows.
    mutating func tag() throws(Damaged) -> UInt8 {
        guard position < bytes.count else { throw Damaged() }
        position += 1
        return bytes[position - 1]
    }
}

extension ByteWriter {
    mutating func tag(_ tag: UInt8) {
        bytes.append(tag)
    }
}
