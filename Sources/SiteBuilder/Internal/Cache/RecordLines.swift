/// Lines of tab-separated fields, appended to one byte buffer.
struct RecordLines {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func field(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        bytes.append(0x09)
    }

    mutating func field(_ number: Int) {
        append(number)
        bytes.append(0x09)
    }

    mutating func last(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        bytes.append(0x0A)
    }

    mutating func line(_ text: String) {
        last(text)
    }

    mutating func line(_ name: String, _ value: String) {
        field(name)
        last(value)
    }

    /// `input` or `file`, the key (digest), the stamp and the path.
    mutating func fileLine(_ kind: String, key: String, stamp: FileStamp, path: String) {
        field(kind)
        field(key)
        field(stamp.size)
        field(stamp.modified)
        last(path)
    }

    mutating func line(_ name: String, _ numbers: Int...) {
        bytes.append(contentsOf: name.utf8)
        for number in numbers {
            bytes.append(0x09)
            append(number)
        }
        bytes.append(0x0A)
    }

    private mutating func append(_ number: Int) {
        DecimalBytes.append(number, to: &bytes)
    }
}
